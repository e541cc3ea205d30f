import { describe, expect, it } from 'vitest';
import { parseFilter } from './parse-filter';
import { quickSearchExpression, withQuickSearch } from './quick-search';
import { evaluateFilter } from './reference-evaluator';

describe('quick search', () => {
  it('looks for the text in the invoice number or the PO number', () => {
    expect(withQuickSearch('INV-12', '')).toBe(
      "substringof('INV-12',invNo) or substringof('INV-12',poNumber)",
    );
  });

  it('adds no condition for blank text and leaves the advanced filter alone', () => {
    expect(quickSearchExpression('   ')).toBeNull();
    expect(withQuickSearch('', 'balance gt 100')).toBe('balance gt 100');
    expect(withQuickSearch('  ', '')).toBe('');
  });

  it('combines with the advanced filter by and, keeping its or-groups apart', () => {
    const filter = withQuickSearch(' 77 ', 'balance gt 100 or promise eq true');
    expect(filter).toBe(
      "(substringof('77',invNo) or substringof('77',poNumber)) and (balance gt 100 or promise eq true)",
    );
    expect(parseFilter(filter)).not.toBeNull();
  });

  it('finds a row by either number, ignoring case, and only rows the advanced filter keeps', () => {
    const context = {
      fields: { invNo: 'string', poNumber: 'string', balance: 'currency' } as const,
      today: '2026-11-25',
      now: '',
    };
    const expression = parseFilter(withQuickSearch('po-7', 'balance gt 100'))!;
    const match = (row: Record<string, string>) => evaluateFilter(expression, row, context);
    expect(match({ invNo: 'INV-1', poNumber: 'PO-77', balance: '150' })).toBe(true);
    expect(match({ invNo: 'XPO-7', poNumber: '', balance: '150' })).toBe(true);
    expect(match({ invNo: 'INV-1', poNumber: 'PO-77', balance: '50' })).toBe(false);
    expect(match({ invNo: 'INV-1', poNumber: 'PO-88', balance: '150' })).toBe(false);
  });

  it('escapes quotes so that the text stays one literal', () => {
    const filter = withQuickSearch("O'Brien", '');
    expect(filter).toBe("substringof('O''Brien',invNo) or substringof('O''Brien',poNumber)");
    expect(parseFilter(filter)).not.toBeNull();
  });
});
