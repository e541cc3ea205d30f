import { describe, expect, it } from 'vitest';
import { serializeFilter } from '../search/serialize-filter';
import { dueCardCriteria } from './due-criteria';

describe('dueCardCriteria', () => {
  it('gives each home card the filter of its invoices on the server date', () => {
    const filters = {
      overdue: serializeFilter(dueCardCriteria('overdue', '2026-11-25')),
      comingDue: serializeFilter(dueCardCriteria('comingDue', '2026-11-25')),
      credits: serializeFilter(dueCardCriteria('credits', '2026-11-25')),
      disputed: serializeFilter(dueCardCriteria('disputed', '2026-11-25')),
    };
    expect(filters).toEqual({
      overdue: "dueDate lt datetime'2026-11-25T00:00:00' and balance gt 0",
      comingDue:
        "(dueDate ge datetime'2026-11-25T00:00:00' and dueDate le datetime'2026-12-25T00:00:00') and balance gt 0",
      credits: 'balance lt 0',
      disputed: 'disputeAmount gt 0',
    });
  });
});
