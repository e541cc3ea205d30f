import { fromMinorUnits, roundMoney, toMinorUnits } from '@settle/shared/money';
import { defaultStatementPeriod, type TStatement, type TStatementQuery } from '@settle/shared/statements';
import type { Db } from '../../db/client';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import type { DashboardService } from '../dashboard/dashboard.service';
import { documentReader } from '../documents/document-texts';
import { writeStatementXlsx } from '../exports/statement-xlsx';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import { renderStatementPdf, statementLabels } from './statement-pdf';
import * as repository from './statements.repository';

export type StatementsService = ReturnType<typeof createStatementsService>;

export type StatementScope = {
  customer: { id: number; custNo: string; company: string };
  currencyCode: string;
  today: string;
  from: string;
  to: string;
};

const sum = (values: string[]) =>
  fromMinorUnits(values.reduce((total, value) => total + toMinorUnits(value), 0));

/**
 * The statement of account of one customer and currency: open items and credits as of today,
 * the payments settled in the period, and the aging buckets (the dashboard's, so that both agree).
 */
export function createStatementsService(
  db: Db,
  deps: { accounts: AccountsService; dashboard: DashboardService },
) {
  async function build(scope: StatementScope): Promise<TStatement> {
    const { customer, currencyCode, today } = scope;
    const [items, payments, aging] = await Promise.all([
      repository.findOpenItems(db, { customerId: customer.id, currencyCode, today }),
      repository.findSettledPayments(db, {
        customerId: customer.id,
        currencyCode,
        from: scope.from,
        to: scope.to,
      }),
      deps.dashboard.agingOf({ customerId: customer.id, custNo: customer.custNo, currencyCode, today }),
    ]);
    const toItem = (row: repository.StatementItemRow) => ({
      invNo: row.inv_no,
      invoiceDate: row.invoice_date,
      dueDate: row.due_date,
      amount: roundMoney(row.amount),
      balance: roundMoney(row.balance),
      daysPastDue: row.days_past_due,
    });
    const openItems = items.filter((row) => toMinorUnits(row.balance) > 0).map(toItem);
    const credits = items.filter((row) => toMinorUnits(row.balance) < 0).map(toItem);
    const paymentList = payments.map((row) => ({
      paymentLogId: row.id,
      date: row.settled_on,
      reference: row.reference,
      paymentType: row.payment_type,
      amount: roundMoney(row.amount),
    }));
    const openTotal = sum(openItems.map((item) => item.balance));
    const creditTotal = sum(credits.map((item) => item.balance));
    return {
      custNo: customer.custNo,
      company: customer.company,
      currencyCode,
      asOf: today,
      from: scope.from,
      to: scope.to,
      openItems,
      credits,
      payments: paymentList,
      aging: aging.buckets,
      totals: {
        openItems: openTotal,
        credits: creditTotal,
        balanceDue: sum([openTotal, creditTotal]),
        payments: sum(paymentList.map((payment) => payment.amount)),
      },
    };
  }

  /** The statement a signed-in user asks for: a customer linked to the user (404 otherwise). */
  async function forSession(session: SessionContext, query: TStatementQuery, now = new Date()) {
    const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, query);
    const today = deps.accounts.serverDate(session.user.timezone, now).serverDate;
    return build({ customer, currencyCode, today, ...defaultStatementPeriod(today, query) });
  }

  const fileName = (statement: TStatement, extension: string) =>
    `statement-${statement.custNo}-${statement.currencyCode}-${statement.from}-${statement.to}.${extension}`;

  return {
    build,
    forSession,

    async pdf(session: SessionContext, query: TStatementQuery) {
      const statement = await forSession(session, query);
      const document = await renderStatementPdf(statement, {
        ...documentReader(session.user),
        sellerName: await repository.findTenantName(db, session.tenantId),
      });
      return { filename: fileName(statement, 'pdf'), document };
    },

    async xlsx(session: SessionContext, query: TStatementQuery) {
      const statement = await forSession(session, query);
      const body = await writeStatementXlsx(
        statement,
        statementLabels(documentReader(session.user).language),
      );
      return { filename: fileName(statement, 'xlsx'), body };
    },

    async subscriptions(session: SessionContext) {
      const rows = await repository.findSubscriptions(db, session.userId);
      return rows.map((row) => ({ custNo: row.cust_no, currencyCode: row.currency_code }));
    },

    /** Turns the monthly email of a linked customer and one of its currencies on or off. */
    async setSubscription(
      session: SessionContext,
      request: { custNo: string; currencyCode: string; enabled: boolean },
    ) {
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, request);
      const row = { userId: session.userId, customerId: customer.id, currencyCode };
      if (request.enabled) await repository.subscribe(db, { ...row, tenantId: session.tenantId });
      else await repository.unsubscribe(db, row);
      return { custNo: customer.custNo, currencyCode, enabled: request.enabled };
    },
  };
}
