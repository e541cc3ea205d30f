import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, DISPUTE_STATUS_NAMES } from '../disputes';
import { fromMinorUnits, toMinorUnits } from '../money';
import {
  checkDisputedAmount,
  checkLineCount,
  checkLineItems,
  disputeHoldsAmount,
  disputeReasonDisplay,
  disputeStatusName,
  lineDisputedMinor,
  lineItemsDisputedAmount,
  remainingQuantity,
  tooltipNotes,
} from './disputes';

/** A quantity with up to 3 decimals, as the database keeps them. */
const quantity = (min: number, max: number) =>
  fc.integer({ min, max }).map((thousandths) => (thousandths / 1000).toFixed(3));

describe('checkLineCount', () => {
  it('takes 0 on any line, and up to the quantity shipped when that is positive', () => {
    expect(checkLineCount({ qtyShip: '-4.000', disputedCount: '0' })).toEqual({ ok: true });
    expect(checkLineCount({ qtyShip: '5.000', disputedCount: '5' })).toEqual({ ok: true });
    expect(checkLineCount({ qtyShip: '5.000', disputedCount: '2.5' })).toEqual({ ok: true });
  });

  it('refuses a negative count with the specification message', () => {
    expect(checkLineCount({ qtyShip: '5', disputedCount: '-1' })).toEqual({
      ok: false,
      message: 'Please enter a positive amount!',
    });
  });

  it('refuses more than shipped, naming the quantity', () => {
    expect(checkLineCount({ qtyShip: '5.000', disputedCount: '5.001' })).toEqual({
      ok: false,
      message: 'The disputed count cannot exceed the quantity shipped (5.000).',
    });
  });

  it('refuses any count over 0 on a line of a negative (or zero) quantity', () => {
    expect(checkLineCount({ qtyShip: '-3.000', disputedCount: '1' })).toEqual({
      ok: false,
      message: DISPUTE_MESSAGES.countOnNegativeQuantity,
    });
    expect(checkLineCount({ qtyShip: '0', disputedCount: '0.001' })).toMatchObject({ ok: false });
  });

  it('accepts exactly the counts from 0 to a positive quantity shipped', () => {
    fc.assert(
      fc.property(quantity(-100_000, 100_000), quantity(-100_000, 100_000), (qtyShip, count) => {
        const valid =
          Number(count) === 0 ||
          (Number(count) > 0 && Number(qtyShip) > 0 && Number(count) <= Number(qtyShip));
        expect(checkLineCount({ qtyShip, disputedCount: count }).ok).toBe(valid);
      }),
    );
  });
});

describe('lineDisputedMinor', () => {
  it('is count × price rounded half away from zero to cents', () => {
    expect(lineDisputedMinor({ disputedCount: '1', price: '12.3450' })).toBe(1235);
    expect(lineDisputedMinor({ disputedCount: '3', price: '15.0625' })).toBe(4519);
    expect(lineDisputedMinor({ disputedCount: '0.001', price: '4.9999' })).toBe(0);
    expect(lineDisputedMinor({ disputedCount: '2', price: '-1.0050' })).toBe(-201);
  });

  it('agrees with exact arithmetic on whole cents for any count and price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 100_000_000 }),
        (thousandths, tenThousandths) => {
          const count = (thousandths / 1000).toFixed(3);
          const price = (tenThousandths / 10_000).toFixed(4);
          const exact = BigInt(thousandths) * BigInt(tenThousandths); // 10^-7
          const expected = Number((exact + 50_000n) / 100_000n);
          expect(lineDisputedMinor({ disputedCount: count, price })).toBe(expected);
        },
      ),
    );
  });

  it('sums the lines into the dispute amount', () => {
    expect(
      lineItemsDisputedAmount([
        { disputedCount: '1', price: '12.3450' },
        { disputedCount: '3', price: '15.0625' },
      ]),
    ).toBe('57.54');
  });
});

describe('checkLineItems', () => {
  it('needs at least one line with a count', () => {
    expect(checkLineItems([])).toEqual({ ok: false, message: DISPUTE_MESSAGES.noLineItem });
    expect(checkLineItems([{ qtyShip: '2', price: '1', disputedCount: '0' }])).toEqual({
      ok: false,
      message: DISPUTE_MESSAGES.noLineItem,
    });
    expect(checkLineItems([{ qtyShip: '2', price: '1', disputedCount: '1' }])).toEqual({ ok: true });
  });

  it('reports the first invalid line before the missing count', () => {
    expect(checkLineItems([{ qtyShip: '2', price: '1', disputedCount: '-1' }])).toEqual({
      ok: false,
      message: 'Please enter a positive amount!',
    });
  });
});

describe('checkDisputedAmount', () => {
  it('refuses zero and negative amounts', () => {
    expect(checkDisputedAmount('0', '10')).toEqual({ ok: false, message: DISPUTE_MESSAGES.amountZero });
    expect(checkDisputedAmount('-1', null)).toEqual({ ok: false, message: DISPUTE_MESSAGES.amountZero });
  });

  it('refuses more than maxAmount, formatted by the caller', () => {
    expect(checkDisputedAmount('10.01', '10.00', (value) => `$${value}`)).toEqual({
      ok: false,
      message: 'Exceeded maximum dispute amount of $10.00.',
    });
  });

  it('accepts exactly the amounts above 0 and up to maxAmount; no maximum for customer-level', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (amount, max) => {
          const result = checkDisputedAmount(fromMinorUnits(amount), fromMinorUnits(max));
          expect(result.ok).toBe(amount > 0 && amount <= max);
          expect(checkDisputedAmount(fromMinorUnits(amount), null).ok).toBe(amount > 0);
        },
      ),
    );
  });
});

describe('names', () => {
  it('names every status code, and UnIdentified for an unknown one', () => {
    expect(Object.keys(DISPUTE_STATUS_NAMES).map(disputeStatusName)).toEqual([
      'UnIdentified',
      'Identified',
      'Distributed',
      'Approved Credit',
      'Collectable',
      'Suspense',
      'Write-Off',
    ]);
    for (const unknown of ['X', '', null, undefined, 'toString'])
      expect(disputeStatusName(unknown)).toBe('UnIdentified');
  });

  it('shows Internal for an unknown reason', () => {
    const reasons = [{ code: 'PRICE', description: 'Price difference' }];
    expect(disputeReasonDisplay('PRICE', reasons)).toBe('Price difference');
    expect(disputeReasonDisplay('GONE', reasons)).toBe('Internal');
    expect(disputeReasonDisplay(null, reasons)).toBe('Internal');
  });

  it('releases the amount only for approved credits and write-offs', () => {
    expect(Object.keys(DISPUTE_STATUS_NAMES).filter((code) => !disputeHoldsAmount(code))).toEqual(['A', 'W']);
  });
});

describe('remainingQuantity and tooltipNotes', () => {
  it('subtracts exactly at 3 decimals', () => {
    expect(remainingQuantity('5.000', '1.250')).toBe('3.750');
    expect(remainingQuantity('1', '1.001')).toBe('-0.001');
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (a, b) => {
        expect(toMinorUnits(remainingQuantity((a / 1000).toFixed(3), (b / 1000).toFixed(3)))).toBe(
          toMinorUnits(((a - b) / 1000).toFixed(3)),
        );
      }),
    );
  });

  it('keeps the latest 5 notes, each cut at 20 characters', () => {
    const notes = Array.from({ length: 7 }, (_, index) => ({
      note: `${index} ${'x'.repeat(30)}`,
      enteredBy: 'A',
    }));
    const cut = tooltipNotes(notes);
    expect(cut).toHaveLength(5);
    expect(cut.every((entry) => entry.note.length === 20)).toBe(true);
    expect(cut[0]!.note.startsWith('0 ')).toBe(true);
  });
});
