import { addDays } from '@settle/shared/calendar-date';
import {
  AGING_BUCKETS,
  COMING_DUE_DAYS,
  DEFAULT_DASHBOARD_TITLES,
  defaultDashboard,
  type TAging,
  type TCustomerSummary,
  type TDashboard,
  type TPromisesDue,
  ZDashboard,
} from '@settle/shared/dashboard';
import type { TInvoiceOverdueSummary } from '@settle/shared/invoices';
import { fromMinorUnits, roundMoney, toMinorUnits } from '@settle/shared/money';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import {
  ageOpenInvoices,
  findDueInvoices,
  findPromisedInvoices,
  summarizeOpenInvoices,
} from './dashboard.repository';
import { findDashboard, saveDashboard } from './dashboard-layout.repository';

const DUE_INVOICES_LIMIT = 100;
const PROMISES_LIMIT = 50;

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

  async function requireScope(session: SessionContext, now: Date) {
    const current = await accounts.currentScope(session);
    if (!current) throw notFound('Current customer');
    return { ...current, today: accounts.serverDate(session.user.timezone, now).serverDate };
  }

  async function agingOf(scope: {
    customerId: number;
    custNo: string;
    currencyCode: string;
    today: string;
  }): Promise<TAging> {
    const row = await ageOpenInvoices(db, scope);
    const figures = [
      [row.current_count, row.current_amount],
      [row.d30_count, row.d30_amount],
      [row.d60_count, row.d60_amount],
      [row.d90_count, row.d90_amount],
      [row.over_count, row.over_amount],
    ] as const;
    const buckets = AGING_BUCKETS.map((bucket, index) => ({
      bucket,
      count: figures[index]?.[0] ?? 0,
      amount: roundMoney(figures[index]?.[1] ?? '0'),
    }));
    const total = fromMinorUnits(buckets.reduce((sum, entry) => sum + toMinorUnits(entry.amount), 0));
    return { custNo: scope.custNo, currencyCode: scope.currencyCode, asOf: scope.today, buckets, total };
  }

  return {
    customerSummary,

    /** The overdue and coming-due figures and invoices (GET /invoices/overdue), overdueStatus P or C. */
    async overdueSummary(session: SessionContext, now = new Date()): Promise<TInvoiceOverdueSummary> {
      const { custNo, currencyCode, asOf, overdueCount, overdueBalance, comingDueCount, comingDueBalance } =
        await customerSummary(session, now);
      const { customer } = await requireScope(session, now);
      const rows = await findDueInvoices(db, {
        customerId: customer.id,
        userId: session.userId,
        currencyCode,
        until: addDays(asOf, COMING_DUE_DAYS),
        limit: DUE_INVOICES_LIMIT,
      });
      const invoices = rows.map((row) => ({
        id: row.id,
        custNo: row.cust_no,
        accountName: customer.company,
        invNo: row.inv_no,
        tranId: row.tran_id,
        invoiceDate: row.invoice_date,
        dueDate: row.due_date,
        tranCurrencyCode: row.tran_currency_code,
        tranBal: roundMoney(row.tran_bal),
        balance: roundMoney(row.balance),
        disputeAmount: roundMoney(row.dispute_amount),
        paymentPending: row.payment_pending,
        paidAmount: roundMoney(row.paid_amount),
        promiseAmount: roundMoney(row.promised_amount),
        promise: row.promise,
        inCart: row.in_cart,
        overdueStatus: row.due_date < asOf ? ('P' as const) : ('C' as const),
      }));
      return {
        custNo,
        currencyCode,
        asOf,
        overdueCount,
        overdueBalance,
        comingDueCount,
        comingDueBalance,
        invoices,
      };
    },

    /** The user's dashboard, or the default one until the user saves one. */
    async getDashboard(session: SessionContext): Promise<TDashboard> {
      const row = await findDashboard(db, session.userId);
      const title =
        session.user.language === 'fr' ? DEFAULT_DASHBOARD_TITLES.fr : DEFAULT_DASHBOARD_TITLES.en;
      if (!row) return defaultDashboard(title);
      // A layout saved by an older version that no longer passes the contract falls back to the default.
      const parsed = ZDashboard.safeParse({ title: row.title, structure: row.structure, rows: row.rows });
      return parsed.success ? parsed.data : defaultDashboard(title);
    },

    async saveDashboard(session: SessionContext, dashboard: TDashboard): Promise<TDashboard> {
      await saveDashboard(db, {
        userId: session.userId,
        tenantId: session.tenantId,
        title: dashboard.title,
        structure: dashboard.structure,
        rows: dashboard.rows,
      });
      return dashboard;
    },

    async aging(session: SessionContext, now = new Date()): Promise<TAging> {
      const { customer, currencyCode, today } = await requireScope(session, now);
      return agingOf({ customerId: customer.id, custNo: customer.custNo, currencyCode, today });
    },

    /** The aging of a customer already resolved (the statement, the monthly statement job). */
    agingOf,

    async promisesDue(session: SessionContext, now = new Date()): Promise<TPromisesDue> {
      const { customer, currencyCode, today } = await requireScope(session, now);
      const rows = await findPromisedInvoices(db, {
        customerId: customer.id,
        currencyCode,
        limit: PROMISES_LIMIT,
      });
      return {
        asOf: today,
        items: rows.map((row) => ({
          invNo: row.inv_no,
          dueDate: row.due_date,
          nextFollowupDate: row.next_followup_date,
          promiseAmount: roundMoney(row.promised_amount),
          tranBal: roundMoney(row.tran_bal),
          tranCurrencyCode: row.tran_currency_code,
        })),
      };
    },
  };
}
