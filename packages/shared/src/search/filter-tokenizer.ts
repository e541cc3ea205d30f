import { SearchMessage, type TSearchMessage } from './criteria-model';
import { FilterSyntaxError } from './filter-expression';
import { hasForbiddenCharacters, normalizeDateTime } from './value-formats';

export type Token =
  | { kind: 'lparen' | 'rparen' | 'comma' | 'eof'; position: number }
  | { kind: 'identifier'; text: string; position: number }
  | { kind: 'string'; value: string; position: number }
  | { kind: 'number'; text: string; position: number }
  | { kind: 'datetime'; value: string; position: number };

const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?\d+(?:\.\d+)?/y;
const AFTER_NUMBER = /[A-Za-z0-9_.]/;

/** The tokens of a filter text; throws FilterSyntaxError at the first character outside the dialect. */
export function tokenize(text: string): Token[] {
  const fail = (message: TSearchMessage, reason: string, position: number): never => {
    throw new FilterSyntaxError({ message, reason, position, text });
  };
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    if (char === ' ' || char === '\t' || char === '\n' || char === '\r') {
      i += 1;
    } else if (char === '(' || char === ')' || char === ',') {
      tokens.push({ kind: char === '(' ? 'lparen' : char === ')' ? 'rparen' : 'comma', position: i });
      i += 1;
    } else if (char === "'") {
      const { value, end } = readQuoted(text, i, fail);
      tokens.push({ kind: 'string', value, position: i });
      i = end;
    } else if (/[0-9]/.test(char) || (char === '-' && /[0-9]/.test(text[i + 1] ?? ''))) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text)?.[0] ?? '';
      const end = i + match.length;
      if (AFTER_NUMBER.test(text[end] ?? '')) fail(SearchMessage.INVALID_CRITERION, 'malformed number', i);
      tokens.push({ kind: 'number', text: match, position: i });
      i = end;
    } else if (/[A-Za-z_]/.test(char)) {
      IDENTIFIER.lastIndex = i;
      const word = IDENTIFIER.exec(text)?.[0] ?? '';
      const end = i + word.length;
      if (word === 'datetime' && text[end] === "'") {
        const { value, end: after } = readQuoted(text, end, fail);
        if (value.trim() !== value || normalizeDateTime(value) === undefined) {
          fail(SearchMessage.INVALID_CRITERION, 'not a valid ISO date or datetime', end);
        }
        tokens.push({ kind: 'datetime', value, position: i });
        i = after;
      } else {
        tokens.push({ kind: 'identifier', text: word, position: i });
        i = end;
      }
    } else {
      fail(SearchMessage.INVALID_CRITERIA, `unexpected character ${describe(text, i)}`, i);
    }
  }
  tokens.push({ kind: 'eof', position: text.length });
  return tokens;
}

function readQuoted(
  text: string,
  start: number,
  fail: (message: TSearchMessage, reason: string, position: number) => never,
): { value: string; end: number } {
  let value = '';
  let from = start + 1;
  for (;;) {
    const quote = text.indexOf("'", from);
    if (quote < 0)
      return fail(SearchMessage.INVALID_CRITERION, 'unterminated text; close it with a quote', start);
    value += text.slice(from, quote);
    if (text[quote + 1] === "'") {
      value += "'";
      from = quote + 2;
    } else {
      if (hasForbiddenCharacters(value))
        fail(SearchMessage.INVALID_CRITERION, 'text holds an invalid character', start);
      return { value, end: quote + 1 };
    }
  }
}

function describe(text: string, position: number): string {
  const codePoint = text.codePointAt(position) ?? 0;
  if (codePoint < 0x20 || codePoint === 0x7f || (codePoint >= 0xd800 && codePoint <= 0xdfff)) {
    return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${String.fromCodePoint(codePoint)}'`;
}
