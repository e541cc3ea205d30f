import {
  Badge,
  Button,
  Checkbox,
  Collapse,
  Fieldset,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { TSearchField } from '@settle/shared/saved-searches';
import type { TCriteriaGroup, TCriterion } from '@settle/shared/search/criteria-model';
import { criterionFromField, isApplyImmediate, prepareForApply } from '@settle/shared/search/criterion-state';
import { serializeFilter } from '@settle/shared/search/serialize-filter';
import { validateCriteria } from '@settle/shared/search/validate-criteria';
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPublicConfig } from '../../../lib/public-config';
import type { TSearchGrid } from '../api/get-saved-searches';
import { useDatePattern } from '../hooks/use-date-pattern';
import {
  appendTo,
  collectCriteria,
  constraintsBeyondOffered,
  countCriteria,
  criteriaKey,
  EMPTY_CRITERIA,
  errorsByOperand,
  removeAt,
  removeProperty,
  type TOperandPath,
  toDataType,
  updateAt,
} from '../utils/criteria-tree';
import { fieldTitle } from '../utils/search-labels';
import { CriteriaGroupEditor, type TPanelField } from './criteria-group-editor';
import { summarizeCriteria } from './criteria-summary';
import type { TChangeMode } from './criterion-value-editor';
import { SavedSearchMenu } from './saved-search-menu';

/** A search field; an enum field may list its values, which the panel then offers in a Select. */
export type TSearchPanelField = TSearchField & { options?: readonly string[] };

export interface AdvancedSearchPanelProps {
  grid: TSearchGrid;
  fields: readonly TSearchPanelField[];
  /** The criteria in force (from the address, a saved search...); null for none. */
  value: TCriteriaGroup | null;
  /** Receives the criteria to apply (null when there are none) and their filter text ('' for none). */
  onApply: (criteria: TCriteriaGroup | null, filter: string) => void;
  /** Default: the public configuration's searchApplyImmediate, on unless it is the text false. */
  applyImmediate?: boolean;
  /** Whether the panel starts opened. Default: opened when criteria are in force. */
  defaultOpened?: boolean;
  /** Whether the saved-search menu shows in the panel's header (beside the toggle). Default true. */
  withSavedSearches?: boolean;
}

/** Typing waits for this pause before an immediate search runs. */
export const TYPING_DEBOUNCE_MS = 400;

/**
 * The advanced search panel (000 §2): the user ticks fields, each becomes a criterion row
 * (constraint and value editors), rows sit in groups joined by and/or, nested to any depth.
 * Every valid change applies at once unless apply-immediate is off; then Apply and Reset do.
 * Rules come from the shared search model: offered constraints, state changes on a constraint
 * change, validation, the probNo drop on apply and the filter text.
 */
export function AdvancedSearchPanel(props: AdvancedSearchPanelProps) {
  const { t } = useTranslation('search');
  const { fields, value } = props;
  const immediate = props.applyImmediate ?? isApplyImmediate(getPublicConfig().searchApplyImmediate);
  const pattern = useDatePattern();
  const bodyId = useId();

  const [opened, setOpened] = useState(props.defaultOpened ?? countCriteria(value) > 0);
  const [criteria, setCriteria] = useState<TCriteriaGroup>(() => value ?? EMPTY_CRITERIA);
  const [applyRefused, setApplyRefused] = useState(false);
  const [extraConstraints, setExtraConstraints] = useState(() => constraintsBeyondOffered(value));
  // What the panel last handed to onApply, to tell its own echo from a new value from outside.
  const appliedKey = useRef(criteriaKey(value));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onApplyRef = useRef(props.onApply);
  useEffect(() => {
    onApplyRef.current = props.onApply;
  });

  const clearTimer = useCallback(() => {
    if (timer.current !== undefined) clearTimeout(timer.current);
    timer.current = undefined;
  }, []);
  useEffect(() => clearTimer, [clearTimer]);

  useEffect(() => {
    const key = criteriaKey(value);
    if (key === appliedKey.current) return;
    appliedKey.current = key;
    clearTimer();
    setApplyRefused(false);
    setCriteria(value ?? EMPTY_CRITERIA);
    setExtraConstraints(constraintsBeyondOffered(value));
  }, [value, clearTimer]);

  const validateOptions = useMemo(() => (fields.length > 0 ? { fields } : {}), [fields]);
  const validation = useMemo(() => validateCriteria(criteria, validateOptions), [criteria, validateOptions]);
  const errors = useMemo(() => errorsByOperand(validation.errors), [validation]);

  const panelFields: TPanelField[] = useMemo(
    () =>
      fields.map((field) => ({
        field: field.field,
        title: fieldTitle(t, props.grid, field.field, field.title),
        options: field.options,
      })),
    [fields, t, props.grid],
  );
  const titleOf = (criterion: TCriterion) =>
    fieldTitle(
      t,
      props.grid,
      criterion.property,
      fields.find((field) => field.field === criterion.property)?.title ?? criterion.title,
    );

  /** The criteria and filter to hand over, or null while the criteria do not validate. */
  const toApply = (next: TCriteriaGroup) => {
    if (!validateCriteria(next, validateOptions).valid) return null;
    const prepared = prepareForApply(next);
    const applied = prepared.operands.length > 0 ? prepared : null;
    return { criteria: applied, filter: applied ? serializeFilter(applied) : '' };
  };

  const apply = (next: TCriteriaGroup, force: boolean): boolean => {
    const result = toApply(next);
    if (!result) return false;
    const key = criteriaKey(result.criteria);
    if (!force && key === appliedKey.current) return true;
    appliedKey.current = key;
    onApplyRef.current(result.criteria, result.filter);
    return true;
  };

  const change = (next: TCriteriaGroup, mode: TChangeMode) => {
    setCriteria(next);
    setApplyRefused(false);
    if (!immediate) return;
    clearTimer();
    if (mode === 'typing') timer.current = setTimeout(() => apply(next, false), TYPING_DEBOUNCE_MS);
    else apply(next, false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimer();
    setApplyRefused(!apply(criteria, !immediate));
  };

  const reset = () => {
    clearTimer();
    setApplyRefused(false);
    setCriteria(EMPTY_CRITERIA);
    appliedKey.current = criteriaKey(null);
    onApplyRef.current(null, '');
  };

  const select = (selected: TCriteriaGroup | null, filter: string) => {
    clearTimer();
    setApplyRefused(false);
    setCriteria(selected ?? EMPTY_CRITERIA);
    setExtraConstraints(constraintsBeyondOffered(selected));
    appliedKey.current = criteriaKey(selected);
    onApplyRef.current(selected, filter);
  };

  const ticked = new Set(collectCriteria(criteria).map((criterion) => criterion.property));
  const toggleField = (field: TSearchPanelField, checked: boolean) =>
    change(
      checked
        ? appendTo(criteria, [], criterionFromField({ ...field, dataType: toDataType(field.dataType) }))
        : removeProperty(criteria, field.field),
      'choice',
    );
  const addField = (path: TOperandPath, name: string) => {
    const field = fields.find((candidate) => candidate.field === name);
    if (field)
      change(
        appendTo(criteria, path, criterionFromField({ ...field, dataType: toDataType(field.dataType) })),
        'choice',
      );
  };

  const activeCount = countCriteria(value);
  const summary = summarizeCriteria(criteria, { t, pattern, titleOf });
  const savable = toApply(criteria);

  return (
    <Paper withBorder p="sm" radius="md" data-testid="advanced-search">
      {/* Wraps on a phone (360 px): the toggle and the saved searches keep their whole words. */}
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          variant="subtle"
          size="compact-md"
          data-testid="search-toggle"
          aria-expanded={opened}
          aria-controls={bodyId}
          onClick={() => setOpened((current) => !current)}
          rightSection={
            activeCount > 0 ? (
              <>
                <Badge size="sm" circle aria-hidden="true" data-testid="search-count">
                  {activeCount}
                </Badge>
                <VisuallyHidden>{t('activeCount', { count: activeCount })}</VisuallyHidden>
              </>
            ) : undefined
          }
        >
          {t('toggle')}
        </Button>
        <Text
          size="sm"
          c="dimmed"
          truncate="end"
          flex={1}
          miw={120}
          data-testid="search-summary"
          title={summary || undefined}
        >
          {summary || t('summaryNone')}
        </Text>
        {/* Outside the form: the save dialog has a form of its own. */}
        {props.withSavedSearches !== false && (
          <SavedSearchMenu
            grid={props.grid}
            criteria={savable?.criteria ?? null}
            filter={savable?.filter ?? ''}
            onSelect={select}
          />
        )}
      </Group>
      <Collapse expanded={opened} id={bodyId}>
        <form onSubmit={submit} noValidate aria-label={t('toggle')}>
          <Stack gap="sm" pt="sm">
            <Fieldset legend={t('fields')} variant="unstyled">
              {fields.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('noFields')}
                </Text>
              ) : (
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" verticalSpacing="sm">
                  {fields.map((field, index) => (
                    <Checkbox
                      key={field.field}
                      size="xs"
                      label={panelFields[index]?.title ?? field.title}
                      data-testid={`search-field-${field.field}`}
                      checked={ticked.has(field.field)}
                      onChange={(event) => toggleField(field, event.currentTarget.checked)}
                    />
                  ))}
                </SimpleGrid>
              )}
            </Fieldset>
            <CriteriaGroupEditor
              group={criteria}
              path={[]}
              fields={panelFields}
              errors={errors}
              extraConstraints={extraConstraints}
              titleOf={titleOf}
              onChangeCriterion={(path, criterion, mode) =>
                change(
                  updateAt(criteria, path, () => criterion),
                  mode,
                )
              }
              onChangeOperator={(path, operator) =>
                change(
                  updateAt(criteria, path, (group) => ({ ...group, operator })),
                  'choice',
                )
              }
              onAddGroup={(path) =>
                change(appendTo(criteria, path, { operator: 'and', operands: [] }), 'choice')
              }
              onAddField={addField}
              onRemove={(path) => change(removeAt(criteria, path), 'choice')}
            />
            {!validation.valid && (immediate || applyRefused) && (
              <Text size="sm" c="red" role="status" data-testid="search-not-applied">
                {t(immediate ? 'notAppliedImmediate' : 'notApplied')}
              </Text>
            )}
            <Group gap="xs" justify="flex-end">
              <Button variant="default" size="xs" data-testid="search-reset" onClick={reset}>
                {t('reset')}
              </Button>
              {!immediate && (
                <Button type="submit" size="xs" data-testid="search-apply">
                  {t('apply')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Collapse>
    </Paper>
  );
}
