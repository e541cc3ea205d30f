import { SearchMessage, type TSearchMessage } from './criteria-model';
import {
  COMPARE_OPS,
  type CompareOp,
  type FilterExpression,
  type FilterLiteral,
  FilterSyntaxError,
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  MAX_FILTER_TERMS,
} from './filter-expression';
import { type Token, tokenize } from './filter-tokenizer';
import { FILTER_RESERVED_WORDS } from './value-formats';

/**
 * Recursive-descent parser of the $filter dialect (see serialize-filter.ts):
 *
 *   filter     = [ or ] EOF
 *   or         = and { "or" and }
 *   and        = unary { "and" unary }
 *   unary      = "not" "(" or ")" | "(" or ")" | call | comparison
 *   comparison = field ("eq"|"ne"|"gt"|"ge"|"lt"|"le") literal
 *   call       = "substringof(" string "," field ")" | ("startswith"|"endswith") "(" field "," string ")"
 *              | "inrelrange(" field "," integer "," integer ")" | ("infuture"|"inpast") "(" field ")"
 *   literal    = 'text' | number | true | false | null | datetime'ISO'
 *
 * 'and' binds tighter than 'or'. Parentheses make no node of their own, and a chain of one
 * item is that item, so the tree has no one-item and/or. Limits: MAX_FILTER_LENGTH characters,
 * MAX_FILTER_DEPTH levels of '(' and not(, MAX_FILTER_TERMS comparisons and calls.
 * Every failure is a FilterSyntaxError carrying the spec's message, a reason, the position and
 * an excerpt; nothing else is thrown, whatever the input.
 */
export function parseFilter(text: unknown): FilterExpression | null {
  return parseFilterWithPositions(text).expression;
}

export type ParsedFilter = {
  expression: FilterExpression | null;
  /** Where a node of the tree starts in the text (its field, function or 'not'). */
  positionOf: (node: FilterExpression) => number | undefined;
};

export function parseFilterWithPositions(text: unknown): ParsedFilter {
  if (typeof text !== 'string') {
    throw new FilterSyntaxError({
      message: SearchMessage.INVALID_CRITERIA,
      reason: 'the filter must be text',
      position: 0,
      text: '',
    });
  }
  if (text.length > MAX_FILTER_LENGTH) {
    throw new FilterSyntaxError({
      message: SearchMessage.INVALID_CRITERIA,
      reason: `the filter is longer than ${MAX_FILTER_LENGTH} characters`,
      position: MAX_FILTER_LENGTH,
      text,
    });
  }
  const parser = new Parser(text, tokenize(text));
  const expression = parser.parseFilter();
  const positions = parser.positions;
  return { expression, positionOf: (node) => positions.get(node) };
}

export type ParseFilterResult =
  | { ok: true; expression: FilterExpression | null }
  | { ok: false; error: FilterSyntaxError };

export function tryParseFilter(text: unknown): ParseFilterResult {
  try {
    return { ok: true, expression: parseFilter(text) };
  } catch (error) {
    if (error instanceof FilterSyntaxError) return { ok: false, error };
    throw error;
  }
}

const OPS: ReadonlySet<string> = new Set(COMPARE_OPS);

class Parser {
  readonly positions = new WeakMap<FilterExpression, number>();
  private index = 0;
  private depth = 0;
  private terms = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  parseFilter(): FilterExpression | null {
    if (this.peek().kind === 'eof') return null;
    const expression = this.parseOr();
    const rest = this.peek();
    if (rest.kind === 'rparen') this.fail(SearchMessage.INVALID_CRITERIA, "')' without a matching '('", rest);
    if (rest.kind !== 'eof')
      this.fail(SearchMessage.INVALID_OPERATOR, "expected 'and', 'or' or the end", rest);
    return expression;
  }

  private parseOr(): FilterExpression {
    return this.parseChain('or', () => this.parseAnd());
  }

  private parseAnd(): FilterExpression {
    return this.parseChain('and', () => this.parseUnary());
  }

  private parseChain(kind: 'and' | 'or', next: () => FilterExpression): FilterExpression {
    const first = next();
    const items = [first];
    while (this.isWord(this.peek(), kind)) {
      this.advance();
      items.push(next());
    }
    if (items.length === 1) return first;
    return this.at({ kind, items }, this.positions.get(first) ?? 0);
  }

  private parseUnary(): FilterExpression {
    const token = this.peek();
    if (token.kind === 'lparen') {
      this.enter(token);
      this.advance();
      const inner = this.parseOr();
      this.expectClose();
      this.depth -= 1;
      return inner;
    }
    if (token.kind !== 'identifier') {
      const reason =
        token.kind === 'eof' ? 'the filter ends where a condition was expected' : 'expected a field name';
      return this.fail(SearchMessage.INVALID_PROPERTY, reason, token);
    }
    const following = this.tokens[this.index + 1];
    if (token.text === 'not') {
      if (following?.kind !== 'lparen')
        return this.fail(SearchMessage.INVALID_CRITERIA, "expected '(' after not", following ?? token);
      this.enter(token);
      this.advance();
      this.advance();
      const item = this.parseOr();
      this.expectClose();
      this.depth -= 1;
      return this.at({ kind: 'not', item }, token.position);
    }
    if (following?.kind === 'lparen') return this.parseCall(token);
    return this.parseComparison();
  }

  private parseComparison(): FilterExpression {
    const fieldToken = this.peek();
    const field = this.expectField();
    const opToken = this.advance();
    if (opToken.kind !== 'identifier' || !OPS.has(opToken.text)) {
      return this.fail(SearchMessage.INVALID_OPERATOR, 'expected eq, ne, gt, ge, lt or le', opToken);
    }
    const value = this.parseLiteral();
    return this.term({ kind: 'compare', field, op: opToken.text as CompareOp, value }, fieldToken);
  }

  private parseCall(name: Extract<Token, { kind: 'identifier' }>): FilterExpression {
    this.advance();
    this.advance();
    switch (name.text) {
      case 'substringof': {
        const needle = this.expectString();
        this.expectComma();
        const field = this.expectField();
        this.expectClose();
        return this.term({ kind: 'call', fn: 'substringof', field, args: [needle] }, name);
      }
      case 'startswith':
      case 'endswith': {
        const field = this.expectField();
        this.expectComma();
        const needle = this.expectString();
        this.expectClose();
        return this.term({ kind: 'call', fn: name.text, field, args: [needle] }, name);
      }
      case 'inrelrange': {
        const field = this.expectField();
        this.expectComma();
        const from = this.expectInteger();
        this.expectComma();
        const to = this.expectInteger();
        this.expectClose();
        return this.term({ kind: 'call', fn: 'inrelrange', field, args: [from, to] }, name);
      }
      case 'infuture':
      case 'inpast': {
        const field = this.expectField();
        this.expectClose();
        return this.term({ kind: 'call', fn: name.text, field, args: [] }, name);
      }
      default:
        return this.fail(SearchMessage.INVALID_CONSTRAINT, `unknown function '${name.text}'`, name);
    }
  }

  private parseLiteral(): FilterLiteral {
    const token = this.advance();
    switch (token.kind) {
      case 'string':
        return { type: 'string', value: token.value };
      case 'number':
        return { type: 'number', value: token.text };
      case 'datetime':
        return { type: 'datetime', value: token.value };
      case 'identifier':
        if (token.text === 'true' || token.text === 'false')
          return { type: 'boolean', value: token.text === 'true' };
        if (token.text === 'null') return { type: 'null' };
        break;
    }
    return this.fail(SearchMessage.INVALID_CRITERION, 'expected a value', token);
  }

  private expectField(): string {
    const token = this.advance();
    if (token.kind !== 'identifier' || FILTER_RESERVED_WORDS.has(token.text)) {
      return this.fail(SearchMessage.INVALID_PROPERTY, 'expected a field name', token);
    }
    return token.text;
  }

  private expectString(): { type: 'string'; value: string } {
    const token = this.advance();
    if (token.kind !== 'string')
      return this.fail(SearchMessage.INVALID_CRITERION, 'expected quoted text', token);
    return { type: 'string', value: token.value };
  }

  private expectInteger(): { type: 'number'; value: string } {
    const token = this.advance();
    if (token.kind !== 'number' || token.text.includes('.')) {
      return this.fail(SearchMessage.INVALID_CRITERION, 'expected a whole number of days', token);
    }
    return { type: 'number', value: token.text };
  }

  private expectComma(): void {
    const token = this.advance();
    if (token.kind !== 'comma') this.fail(SearchMessage.INVALID_CRITERIA, "expected ','", token);
  }

  private expectClose(): void {
    const token = this.advance();
    if (token.kind !== 'rparen') this.fail(SearchMessage.INVALID_CRITERIA, "expected ')'", token);
  }

  private enter(token: Token): void {
    this.depth += 1;
    if (this.depth > MAX_FILTER_DEPTH) {
      this.fail(SearchMessage.INVALID_CRITERIA, `nested deeper than ${MAX_FILTER_DEPTH} levels`, token);
    }
  }

  private term(node: FilterExpression, token: Token): FilterExpression {
    this.terms += 1;
    if (this.terms > MAX_FILTER_TERMS) {
      this.fail(SearchMessage.INVALID_CRITERIA, `more than ${MAX_FILTER_TERMS} conditions`, token);
    }
    return this.at(node, token.position);
  }

  private at(node: FilterExpression, position: number): FilterExpression {
    this.positions.set(node, position);
    return node;
  }

  private isWord(token: Token, word: string): boolean {
    return token.kind === 'identifier' && token.text === word;
  }

  private peek(): Token {
    return this.tokens[this.index] ?? this.eof();
  }

  private advance(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.index += 1;
    return token;
  }

  private eof(): Token {
    return { kind: 'eof', position: this.text.length };
  }

  private fail(message: TSearchMessage, reason: string, token: Token): never {
    const detail = token.kind === 'eof' && !reason.includes('ends') ? `${reason} (the filter ended)` : reason;
    throw new FilterSyntaxError({ message, reason: detail, position: token.position, text: this.text });
  }
}
