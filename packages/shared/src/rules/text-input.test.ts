import { describe, expect, it } from 'vitest';
import { findControlCharacter, hasControlCharacter } from './text-input';

describe('control characters in text input', () => {
  it('refuses NUL, the other C0 controls and DEL, but not tab and line breaks', () => {
    for (const text of ['a\u0000b', '\u0001', 'x\u001B[31m', '\u007F', 'a\u000Bb']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(true);
    }
    for (const text of ['plain', 'line one\nline two\r\n', 'a\tb', 'Château', '']) {
      expect(hasControlCharacter(text), JSON.stringify(text)).toBe(false);
    }
  });

  it('names the first field holding one, however deep, keys included', () => {
    expect(findControlCharacter('demo\u0000')).toEqual([]);
    expect(findControlCharacter({ invNo: ['INV-1', 'INV-\u00002'] })).toEqual(['invNo', '1']);
    expect(findControlCharacter({ a: { b: 'x\u0000' } })).toEqual(['a', 'b']);
    expect(findControlCharacter({ 'k\u0000': 1 })).toEqual(['(a field name)']);
    expect(findControlCharacter({ a: 1, b: [true, null, 'ok'] })).toBeNull();
  });
});
