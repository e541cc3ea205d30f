import { AND_LABEL, CONSTRAINT_LABELS, EMPTY_VALUE_LABEL } from '@settle/shared/search/constraints-by-type';
import { SearchMessage, type TConstraint, type TSearchMessage } from '@settle/shared/search/criteria-model';
import type { TFunction } from 'i18next';

/** The shared label keys ('search.constraint.eq') are keys of this app's 'search' namespace. */
function namespaced(key: string): string {
  return key.replace(/^search\./, 'search:');
}

export function constraintLabel(t: TFunction, constraint: TConstraint): string {
  const label = CONSTRAINT_LABELS[constraint];
  return t(namespaced(label.key), { defaultValue: label.en });
}

export function andLabel(t: TFunction): string {
  return t(namespaced(AND_LABEL.key), { defaultValue: AND_LABEL.en });
}

export function emptyLabel(t: TFunction): string {
  return t(namespaced(EMPTY_VALUE_LABEL.key), { defaultValue: EMPTY_VALUE_LABEL.en });
}

const MESSAGE_KEYS: Record<TSearchMessage, string> = {
  [SearchMessage.INVALID_OPERATOR]: 'search:message.invalidOperator',
  [SearchMessage.INVALID_CRITERIA]: 'search:message.invalidCriteria',
  [SearchMessage.INVALID_CRITERION]: 'search:message.invalidCriterion',
  [SearchMessage.INVALID_PROPERTY]: 'search:message.invalidProperty',
  [SearchMessage.INVALID_CONSTRAINT]: 'search:message.invalidConstraint',
};

/** One of the specification's five search messages in the user's language; other text as is. */
export function searchMessage(t: TFunction, message: string): string {
  const key = (MESSAGE_KEYS as Record<string, string | undefined>)[message];
  return key ? t(key, { defaultValue: message }) : message;
}

/**
 * A field's title in the user's language: the grid's own column label (`<grid>:columns.<field>`),
 * so that a field reads the same in the grid and in its search panel; the server's title otherwise.
 */
export function fieldTitle(t: TFunction, grid: string, field: string, fallback: string | undefined): string {
  return t(`${grid}:columns.${field}`, { defaultValue: fallback || field });
}
