import { constraintsForType } from '@settle/shared/search/constraints-by-type';
import {
  isCriteriaGroup,
  type TConstraint,
  type TCriteriaError,
  type TCriteriaGroup,
  type TCriterion,
  type TDataType,
  ZDataType,
} from '@settle/shared/search/criteria-model';

/**
 * Immutable edits of a criteria tree addressed by index paths: [] is the root group, [2, 1]
 * the second operand of the group that is the root's third operand. The panel's data-testids
 * print a path as '2.1' ('root' for the root group).
 */
export type TOperandPath = readonly number[];
type TOperand = TCriteriaGroup['operands'][number];

export const EMPTY_CRITERIA: TCriteriaGroup = { operator: 'and', operands: [] };

export function pathKey(path: TOperandPath): string {
  return path.length === 0 ? 'root' : path.join('.');
}

export function operandAt(root: TCriteriaGroup, path: TOperandPath): TOperand | undefined {
  let current: TOperand = root;
  for (const index of path) {
    if (!isCriteriaGroup(current)) return undefined;
    const next: TOperand | undefined = current.operands[index];
    if (!next) return undefined;
    current = next;
  }
  return current;
}

/** The tree with the operand at a path replaced (or removed when the update returns null). */
export function updateAt(
  root: TCriteriaGroup,
  path: TOperandPath,
  update: (operand: TOperand) => TOperand | null,
): TCriteriaGroup {
  if (path.length === 0) {
    const next = update(root);
    return next && isCriteriaGroup(next) ? next : EMPTY_CRITERIA;
  }
  const [index, ...rest] = path as [number, ...number[]];
  const child = root.operands[index];
  if (!child) return root;
  let replacement: TOperand | null;
  if (rest.length === 0) replacement = update(child);
  else if (isCriteriaGroup(child)) replacement = updateAt(child, rest, update);
  else return root;
  const operands = [...root.operands];
  if (replacement === null) operands.splice(index, 1);
  else operands[index] = replacement;
  return { ...root, operands };
}

export function removeAt(root: TCriteriaGroup, path: TOperandPath): TCriteriaGroup {
  return updateAt(root, path, () => null);
}

export function appendTo(root: TCriteriaGroup, groupPath: TOperandPath, operand: TOperand): TCriteriaGroup {
  return updateAt(root, groupPath, (group) =>
    isCriteriaGroup(group) ? { ...group, operands: [...group.operands, operand] } : group,
  );
}

/** Every criterion on a property, at any depth, taken out (its groups stay). */
export function removeProperty(group: TCriteriaGroup, property: string): TCriteriaGroup {
  const operands: TOperand[] = [];
  for (const operand of group.operands) {
    if (isCriteriaGroup(operand)) operands.push(removeProperty(operand, property));
    else if (operand.property !== property) operands.push(operand);
  }
  return { ...group, operands };
}

export function collectCriteria(group: TCriteriaGroup | null | undefined): TCriterion[] {
  if (!group) return [];
  return group.operands.flatMap((operand) =>
    isCriteriaGroup(operand) ? collectCriteria(operand) : [operand],
  );
}

export function countCriteria(group: TCriteriaGroup | null | undefined): number {
  return collectCriteria(group).length;
}

/** A search field's data type as the model knows it; anything else behaves as the default type. */
export function toDataType(dataType: string | undefined): TDataType {
  const parsed = ZDataType.safeParse(dataType);
  return parsed.success ? parsed.data : 'default';
}

/**
 * validateCriteria's errors by the operand they belong to: 'operands.2.operands.1.value'
 * belongs to '2.1', 'operands.0.operator' to '0', 'operator' and '' to 'root'.
 */
export function errorsByOperand(errors: readonly TCriteriaError[]): Map<string, TCriteriaError[]> {
  const byOperand = new Map<string, TCriteriaError[]>();
  for (const error of errors) {
    const segments = error.path === '' ? [] : error.path.split('.');
    const indices: number[] = [];
    for (let i = 0; i + 1 < segments.length && segments[i] === 'operands'; i += 2) {
      const index = Number(segments[i + 1]);
      if (!Number.isInteger(index)) break;
      indices.push(index);
    }
    const key = pathKey(indices);
    byOperand.set(key, [...(byOperand.get(key) ?? []), error]);
  }
  return byOperand;
}

/**
 * A text of the criteria that does not depend on key order, to tell whether two trees are
 * the same search (the address bar gives back a parsed copy of what the panel applied).
 */
export function criteriaKey(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, item: unknown) =>
    item && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))
      : item,
  );
}

/**
 * Per property, the constraints of a search from outside (a link, a saved search) that its
 * type does not offer, so that its rows keep offering them while the search is edited.
 */
export function constraintsBeyondOffered(group: TCriteriaGroup | null): Map<string, TConstraint[]> {
  const extra = new Map<string, TConstraint[]>();
  for (const criterion of collectCriteria(group)) {
    if (constraintsForType(criterion.type).includes(criterion.constraint)) continue;
    const known = extra.get(criterion.property) ?? [];
    if (!known.includes(criterion.constraint))
      extra.set(criterion.property, [...known, criterion.constraint]);
  }
  return extra;
}
