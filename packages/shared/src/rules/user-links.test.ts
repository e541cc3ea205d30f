import { describe, expect, it } from 'vitest';
import { approverFlagOf, approverOutsideLinks } from './user-links';

describe('approverFlagOf', () => {
  it('gives every link the row-wide flag, whatever was stored', () => {
    for (const stored of [true, false, undefined]) {
      expect(approverFlagOf({ approver: true }, 'C1', stored)).toBe(true);
      expect(approverFlagOf({ approver: false }, 'C1', stored)).toBe(false);
    }
  });

  it('gives each link its own flag from approverCustNos, whatever was stored', () => {
    const row = { approverCustNos: ['C2'] };
    expect(approverFlagOf(row, 'C2', false)).toBe(true);
    expect(approverFlagOf(row, 'C1', true)).toBe(false);
    expect(approverFlagOf({ approverCustNos: [] }, 'C2', true)).toBe(false);
  });

  it('keeps the stored flag when the row says nothing, and a new link approves nothing', () => {
    expect(approverFlagOf({}, 'C1', true)).toBe(true);
    expect(approverFlagOf({}, 'C1', false)).toBe(false);
    expect(approverFlagOf({}, 'C1', undefined)).toBe(false);
  });
});

describe('approverOutsideLinks', () => {
  it('names the approverCustNos the row does not link, in their order', () => {
    expect(approverOutsideLinks({ custNos: ['C1', 'C2'], approverCustNos: ['C3', 'C2', 'C0'] })).toEqual([
      'C3',
      'C0',
    ]);
    expect(approverOutsideLinks({ custNos: ['C1'], approverCustNos: ['C1'] })).toEqual([]);
    expect(approverOutsideLinks({ custNos: ['C1'] })).toEqual([]);
  });
});
