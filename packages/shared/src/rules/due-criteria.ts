import { addDays } from '../calendar-date';
import { COMING_DUE_DAYS } from '../dashboard';
import type { TCriteriaGroup } from '../search/criteria-model';

/** The home cards that open the invoice grid on their invoices. */
export type DueCard = 'overdue' | 'comingDue' | 'credits' | 'disputed';
export const DUE_CARDS: readonly DueCard[] = ['overdue', 'comingDue', 'credits', 'disputed'];

/**
 * The advanced-search criteria of a card's invoices on the server date `asOf`: the same sets
 * the summary counts (dashboard.repository) and the invoice marks (invoice-marks) use, so
 * that a card's count is the number of rows its link shows. Overdue and coming due cover
 * invoices that still owe something (balance over 0); credits are negative balances.
 */
export function dueCardCriteria(card: DueCard, asOf: string): TCriteriaGroup {
  const owing = { property: 'balance', constraint: 'gt', value: '0', type: 'currency' } as const;
  switch (card) {
    case 'overdue':
      return {
        operator: 'and',
        operands: [{ property: 'dueDate', constraint: 'lt', value: asOf, type: 'date' }, owing],
      };
    case 'comingDue':
      return {
        operator: 'and',
        operands: [
          {
            property: 'dueDate',
            constraint: 'is_between',
            value: asOf,
            value2: addDays(asOf, COMING_DUE_DAYS),
            type: 'date',
          },
          owing,
        ],
      };
    case 'credits':
      return {
        operator: 'and',
        operands: [{ property: 'balance', constraint: 'lt', value: '0', type: 'currency' }],
      };
    case 'disputed':
      return {
        operator: 'and',
        operands: [{ property: 'disputeAmount', constraint: 'gt', value: '0', type: 'currency' }],
      };
  }
}
