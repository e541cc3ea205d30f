import { CloseButton, Group, Select, Stack, Text } from '@mantine/core';
import { constraintsForType, constraintValueKind } from '@settle/shared/search/constraints-by-type';
import type {
  TConstraint,
  TCriteriaError,
  TCriterion,
  TCriterionValue,
} from '@settle/shared/search/criteria-model';
import { changeConstraint } from '@settle/shared/search/criterion-state';
import { useTranslation } from 'react-i18next';
import { andLabel, constraintLabel, searchMessage } from '../utils/search-labels';
import { CriterionValueEditor, type TChangeMode } from './criterion-value-editor';

export interface CriterionRowProps {
  criterion: TCriterion;
  /** The row's index path as the test ids print it ('0', '2.1'). */
  pathId: string;
  title: string;
  options?: readonly string[];
  /** Constraints beyond the type's offered ones that this row also offers (from a link or a saved search). */
  extraConstraints?: readonly TConstraint[];
  errors: readonly TCriteriaError[];
  onChange: (criterion: TCriterion, mode: TChangeMode) => void;
  onRemove: () => void;
}

/** One criterion: its field, a constraint offered for its type, and the value editor(s) it takes. */
export function CriterionRow(props: CriterionRowProps) {
  const { criterion, pathId, title, options, errors, onChange, onRemove } = props;
  const { t } = useTranslation('search');
  // A criterion from a link or a saved search may carry a constraint the type does not offer.
  const constraints = [
    ...new Set([
      ...constraintsForType(criterion.type),
      ...(props.extraConstraints ?? []),
      criterion.constraint,
    ]),
  ];
  const kind = constraintValueKind(criterion.constraint);
  const asText = kind === 'list' || kind === 'relative-range';
  const invalid = (key: 'value' | 'value2') => errors.some((error) => error.path.endsWith(`.${key}`));
  const messages = [...new Set(errors.map((error) => searchMessage(t, error.message)))];
  const errorId = `criterion-error-${pathId}`;

  const setValue = (key: 'value' | 'value2') => (value: TCriterionValue, mode: TChangeMode) =>
    onChange({ ...criterion, [key]: value }, mode);

  return (
    <Stack gap={4} data-testid={`criterion-${pathId}`} aria-invalid={messages.length > 0 || undefined}>
      <Group gap="xs" wrap="wrap" align="center">
        <Text size="sm" fw={500} miw={120}>
          {title}
        </Text>
        <Select
          aria-label={t('constraintFor', { title })}
          data-testid={`constraint-${pathId}`}
          data={constraints.map((constraint) => ({
            value: constraint,
            label: constraintLabel(t, constraint),
          }))}
          value={criterion.constraint}
          onChange={(value) => {
            if (value && value !== criterion.constraint)
              onChange(changeConstraint(criterion, value as TConstraint), 'choice');
          }}
          allowDeselect={false}
          size="xs"
          w={200}
          aria-describedby={messages.length > 0 ? errorId : undefined}
        />
        {kind !== 'none' && (
          <CriterionValueEditor
            type={criterion.type}
            value={criterion.value}
            onChange={setValue('value')}
            asText={asText}
            options={options}
            label={t('valueFor', { title })}
            testId={`value-${pathId}`}
            error={invalid('value')}
          />
        )}
        {kind === 'range' && criterion.showEditor2 !== false && (
          <>
            {criterion.showAnd !== false && (
              <Text size="sm" data-testid={`and-${pathId}`}>
                {andLabel(t)}
              </Text>
            )}
            <CriterionValueEditor
              type={criterion.type}
              value={criterion.value2}
              onChange={setValue('value2')}
              options={options}
              label={t('value2For', { title })}
              testId={`value2-${pathId}`}
              error={invalid('value2')}
            />
          </>
        )}
        <CloseButton
          aria-label={t('removeCriterion', { title })}
          data-testid={`remove-criterion-${pathId}`}
          onClick={onRemove}
          size="sm"
        />
      </Group>
      {messages.length > 0 && (
        <Text size="xs" c="red" id={errorId} role="alert" data-testid={`criterion-error-${pathId}`}>
          {messages.join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
