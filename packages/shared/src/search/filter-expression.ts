import type { TSearchMessage } from './criteria-model';

/** The typed tree of a $filter text; see serialize-filter.ts for the dialect. */
export type FilterLiteral =
  | { type: 'string'; value: string }
  /** Decimal text as written ('-12.50'); never a float. */
  | { type: 'number'; value: string }
  | { type: 'boolean'; value: boolean }
  | { type: 'null' }
  /** The ISO text inside datetime'...'. */
  | { type: 'datetime'; value: string };

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export const COMPARE_OPS: readonly CompareOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];

export type FilterFunction = 'substringof' | 'startswith' | 'endswith' | 'inrelrange' | 'infuture' | 'inpast';
export const FILTER_FUNCTIONS: readonly FilterFunction[] = [
  'substringof',
  'startswith',
  'endswith',
  'inrelrange',
  'infuture',
  'inpast',
];

type StringLiteral = { type: 'string'; value: string };
type NumberLiteral = { type: 'number'; value: string };

export type FilterCall =
  | { kind: 'call'; fn: 'substringof' | 'startswith' | 'endswith'; field: string; args: [StringLiteral] }
  | { kind: 'call'; fn: 'inrelrange'; field: string; args: [NumberLiteral, NumberLiteral] }
  | { kind: 'call'; fn: 'infuture' | 'inpast'; field: string; args: [] };

export type FilterExpression =
  | { kind: 'and' | 'or'; items: FilterExpression[] }
  | { kind: 'not'; item: FilterExpression }
  | { kind: 'compare'; field: string; op: CompareOp; value: FilterLiteral }
  | FilterCall;

/** Limits of one filter text; the parser rejects anything beyond them. */
export const MAX_FILTER_LENGTH = 4000;
/** Nesting of '(' groups and not(...), counted together. */
export const MAX_FILTER_DEPTH = 20;
/** Comparisons and function calls in one filter. */
export const MAX_FILTER_TERMS = 100;

/**
 * Depth and term count of a tree as the printer writes it: nested and/or get parentheses,
 * the root does not, and not(...) adds one level. The parser measures the same way.
 */
export function measureExpression(expression: FilterExpression): { depth: number; terms: number } {
  const walk = (node: FilterExpression, root: boolean): { depth: number; terms: number } => {
    if (node.kind === 'and' || node.kind === 'or') {
      const parts = node.items.map((item) => walk(item, false));
      return {
        depth: (root ? 0 : 1) + Math.max(0, ...parts.map((part) => part.depth)),
        terms: parts.reduce((sum, part) => sum + part.terms, 0),
      };
    }
    if (node.kind === 'not') {
      const inner = walk(node.item, true);
      return { depth: inner.depth + 1, terms: inner.terms };
    }
    return { depth: 0, terms: 1 };
  };
  return walk(expression, true);
}

/** A short excerpt of the text at a position, for error pointers. */
export function excerptAt(text: string, position: number, size = 20): string {
  const start = position >= text.length ? Math.max(0, text.length - size) : position;
  return Array.from(text.slice(start, start + size + 1))
    .slice(0, size)
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code < 0x20 || code === 0x7f ? ' ' : char;
    })
    .join('');
}

/** A filter text that is not in the dialect; message is the specification's wording. */
export class FilterSyntaxError extends Error {
  readonly reason: string;
  readonly position: number;
  readonly near: string;

  constructor(options: { message: TSearchMessage; reason: string; position: number; text: string }) {
    super(options.message);
    this.name = 'FilterSyntaxError';
    this.reason = options.reason;
    this.position = options.position;
    this.near = excerptAt(options.text, options.position);
  }
}
