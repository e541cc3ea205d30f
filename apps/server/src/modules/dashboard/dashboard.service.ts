import { addDays } from '@settle/shared/calendar-date';
import { COMING_DUE_DAYS, type TCustomerSummary } from '@settle/shared/dashboard';
import type { TInvoiceOverdueSummary } from '@settle/shared/invoices';
import { roundMoney } from '@settle/shared/money';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { summarizeOpenInvoices } from './dashboard.repository';

export type DashboardService = ReturnType<typeof createDashboardService>;

export function createDashboardService(db: Db, accounts: AccountsService) {
  async function customerSummary(session: SessionContext, now = new Date()): Promise<TCustomerSummary> {
    const current = await accounts.currentScope(session);
    if (!current) throw notFound('Current customer');
    const { customer } = current;
    const today = accounts.serverDate(session.user.timezone, now).serverDate;
    const row = await summarizeOpenInvoices(db, {
      customerId: customer.id,
      currencyCode: current.currencyCode,
      today,
      comingDueUntil: addDays(today, COMING_DUE_DAYS),
    });
    return {
      custNo: customer.custNo,
      company: customer.company,
      currencyCode: current.currencyCode,
      asOf: today,
      openCount: row.open_count,
      openBalance: roundMoney(row.open_balance),
      overdueCount: row.overdue_count,
      overdueBalance: roundMoney(row.overdue_balance),
      comingDueCount: row.coming_due_count,
      comingDueBalance: roundMoney(row.coming_due_balance),
      creditCount: row.credit_count,
      creditBalance: roundMoney(row.credit_balance),
      disputedCount: row.disputed_count,
      disputedAmount: roundMoney(row.disputed_amount),
    };
  }

  return {
    customerSummary,

    /** The overdue and coming-due part of the summary (GET /invoices/overdue). */
    async overdueSummary(session: SessionContext, now = new Date()): Promise<TInvoiceOverdueSummary> {
      const { custNo, currencyCode, asOf, overdueCount, overdueBalance, comingDueCount, comingDueBalance } =
        await customerSummary(session, now);
      return { custNo, currencyCode, asOf, overdueCount, overdueBalance, comingDueCount, comingDueBalance };
    },
  };
}
