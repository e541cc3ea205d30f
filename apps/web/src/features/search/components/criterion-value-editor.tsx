import '@mantine/dates/styles.css';
import { NumberInput, SegmentedControl, Select, TextInput } from '@mantine/core';
import { DateInput, DateTimePicker } from '@mantine/dates';
import type { TCriterionValue, TDataType } from '@settle/shared/search/criteria-model';
import { normalizeDate } from '@settle/shared/search/value-formats';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { useDatePattern } from '../hooks/use-date-pattern';
import { formatDateByPattern, parseDateByPattern } from '../utils/date-pattern';

/** How a change should reach the search: typing waits for a pause, a choice applies at once. */
export type TChangeMode = 'typing' | 'choice';

export interface CriterionValueEditorProps {
  type: TDataType;
  value: TCriterionValue | undefined;
  onChange: (value: TCriterionValue, mode: TChangeMode) => void;
  /** 'list' and 'relative-range' values (in, in_rel_range...) are edited as text. */
  asText?: boolean;
  /** The values of an enum field, when the field definition gives them. */
  options?: readonly string[];
  label: string;
  testId: string;
  error?: boolean;
}

const emptyToNull = (text: string): TCriterionValue => (text === '' ? null : text);

/** The editor that fits a criterion's type; values are kept as the model stores them. */
export function CriterionValueEditor(props: CriterionValueEditorProps) {
  const { t, i18n } = useTranslation('search');
  const pattern = useDatePattern();
  // The pattern's order and separator with the language's letters: mm/dd/yy, jj/mm/aa.
  const datePlaceholder = pattern.order.map((part) => t(`dateToken.${part}`)).join(pattern.separator);
  const common = {
    'aria-label': props.label,
    'data-testid': props.testId,
    error: props.error,
    size: 'xs' as const,
  };
  const textValue = props.value === undefined || props.value === null ? '' : String(props.value);

  if (props.asText) {
    return (
      <TextInput
        {...common}
        value={textValue}
        onChange={(event) => props.onChange(emptyToNull(event.currentTarget.value), 'typing')}
      />
    );
  }

  switch (props.type) {
    case 'integer':
    case 'number':
    case 'currency':
    case 'percentage':
      return (
        <NumberInput
          {...common}
          value={typeof props.value === 'number' ? props.value : textValue}
          onChange={(value) => props.onChange(value === '' ? null : value, 'typing')}
          allowDecimal={props.type !== 'integer'}
          decimalScale={props.type === 'currency' ? 2 : undefined}
          hideControls
        />
      );
    case 'date':
      return (
        <DateInput
          {...common}
          // A datetime text from a link shows as its date; anything else that is not a date, as nothing.
          value={normalizeDate(props.value) ?? null}
          onChange={(value) => props.onChange(value, 'typing')}
          valueFormat={(date) => formatDateByPattern(date, pattern)}
          dateParser={(text) => parseDateByPattern(text, pattern)}
          placeholder={datePlaceholder}
          locale={i18n.language}
          clearable
        />
      );
    case 'datetime':
      return (
        <DateTimePicker
          {...common}
          value={typeof props.value === 'string' && props.value !== '' ? props.value.replace('T', ' ') : null}
          onChange={(value) => props.onChange(value ? value.replace(' ', 'T') : null, 'choice')}
          valueFormat={`${pattern.dayjs} HH:mm`}
          placeholder={`${datePlaceholder} ${t('dateToken.hour')}:${t('dateToken.minute')}`}
          locale={i18n.language}
          clearable
        />
      );
    case 'boolean':
      return (
        <SegmentedControl
          aria-label={props.label}
          data-testid={props.testId}
          size="xs"
          data={[
            { value: 'true', label: t('boolean.true') },
            { value: 'false', label: t('boolean.false') },
          ]}
          value={
            props.value === true || props.value === 'true'
              ? 'true'
              : props.value === false || props.value === 'false'
                ? 'false'
                : ''
          }
          onChange={(value) => props.onChange(value === 'true', 'choice')}
        />
      );
    case 'enum':
      if (props.options && props.options.length > 0) {
        return (
          <Select
            {...common}
            data={[...props.options]}
            value={textValue || null}
            onChange={(value) => props.onChange(value, 'choice')}
            clearable
          />
        );
      }
      break;
    default:
      break;
  }
  return (
    <TextInput
      {...common}
      value={textValue}
      onChange={(event) => props.onChange(emptyToNull(event.currentTarget.value), 'typing')}
    />
  );
}
