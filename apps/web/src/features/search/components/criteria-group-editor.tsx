import { Button, CloseButton, Group, Paper, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import {
  isCriteriaGroup,
  type TConstraint,
  type TCriteriaError,
  type TCriteriaGroup,
  type TCriterion,
  type TGroupOperator,
} from '@settle/shared/search/criteria-model';
import { useTranslation } from 'react-i18next';
import { pathKey, type TOperandPath } from '../utils/criteria-tree';
import { searchMessage } from '../utils/search-labels';
import { CriterionRow } from './criterion-row';
import type { TChangeMode } from './criterion-value-editor';

export interface TPanelField {
  field: string;
  /** Translated title. */
  title: string;
  options?: readonly string[];
}

export interface CriteriaGroupEditorProps {
  group: TCriteriaGroup;
  path: TOperandPath;
  fields: readonly TPanelField[];
  errors: ReadonlyMap<string, TCriteriaError[]>;
  extraConstraints: ReadonlyMap<string, readonly TConstraint[]>;
  titleOf: (criterion: TCriterion) => string;
  onChangeCriterion: (path: TOperandPath, criterion: TCriterion, mode: TChangeMode) => void;
  onChangeOperator: (path: TOperandPath, operator: TGroupOperator) => void;
  onAddGroup: (path: TOperandPath) => void;
  onAddField: (path: TOperandPath, field: string) => void;
  onRemove: (path: TOperandPath) => void;
}

/** A group of criteria: its operator, its rows and nested groups (to any depth). */
export function CriteriaGroupEditor(props: CriteriaGroupEditorProps) {
  const { t } = useTranslation('search');
  const { group, path, fields } = props;
  const id = pathKey(path);
  const isRoot = path.length === 0;
  const operator: TGroupOperator = group.operator === 'or' ? 'or' : 'and';
  const ownErrors = props.errors.get(id) ?? [];
  const messages = [...new Set(ownErrors.map((error) => searchMessage(t, error.message)))];

  return (
    <Paper
      withBorder={!isRoot}
      p={isRoot ? 0 : 'xs'}
      role="group"
      aria-label={t(`groupLabel.${operator}`)}
      data-testid={`criteria-group-${id}`}
    >
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap">
          <SegmentedControl
            aria-label={t('groupOperator')}
            data-testid={`group-operator-${id}`}
            size="xs"
            data={[
              { value: 'and', label: t('matchAll') },
              { value: 'or', label: t('matchAny') },
            ]}
            value={operator}
            onChange={(value) => props.onChangeOperator(path, value === 'or' ? 'or' : 'and')}
          />
          {!isRoot && fields.length > 0 && (
            <Select
              aria-label={t('addField')}
              placeholder={t('addField')}
              data-testid={`add-criterion-${id}`}
              data={fields.map((field) => ({ value: field.field, label: field.title }))}
              value={null}
              onChange={(value) => value && props.onAddField(path, value)}
              searchable
              size="xs"
              w={220}
            />
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            data-testid={`add-group-${id}`}
            onClick={() => props.onAddGroup(path)}
          >
            {t('addGroup')}
          </Button>
          {!isRoot && (
            <CloseButton
              aria-label={t('removeGroup')}
              data-testid={`remove-group-${id}`}
              onClick={() => props.onRemove(path)}
              size="sm"
              ml="auto"
            />
          )}
        </Group>
        {messages.length > 0 && (
          <Text size="xs" c="red" role="alert" data-testid={`group-error-${id}`}>
            {messages.join(' · ')}
          </Text>
        )}
        {group.operands.length === 0 && (
          <Text size="sm" c="dimmed">
            {isRoot ? t('noCriteria') : t('emptyGroup')}
          </Text>
        )}
        {group.operands.map((operand, index) => {
          const childPath = [...path, index];
          const childId = pathKey(childPath);
          return (
            // Operands have no identity of their own; the index path is what the test ids name.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Stack key={index} gap={4}>
              {index > 0 && (
                <Text size="xs" c="dimmed" tt="uppercase" aria-hidden="true">
                  {t(`conjunction.${operator}`)}
                </Text>
              )}
              {isCriteriaGroup(operand) ? (
                <CriteriaGroupEditor {...props} group={operand} path={childPath} />
              ) : (
                <CriterionRow
                  criterion={operand}
                  pathId={childId}
                  title={props.titleOf(operand)}
                  options={fields.find((field) => field.field === operand.property)?.options}
                  errors={props.errors.get(childId) ?? []}
                  extraConstraints={props.extraConstraints.get(operand.property)}
                  onChange={(criterion, mode) => props.onChangeCriterion(childPath, criterion, mode)}
                  onRemove={() => props.onRemove(childPath)}
                />
              )}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
