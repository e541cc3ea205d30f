import type { TCurrentCustomerResponse, TCustomer } from '@settle/shared/accounts';
import { calendarDateInZone } from '@settle/shared/calendar-date';
import type { TDataSourcePage, TDataSourceQuery } from '@settle/shared/data-sources';
import { ErrorCode } from '@settle/shared/errors';
import {
  canUseCurrency,
  resolveCurrentCurrency,
  resolveCurrentCustomer,
} from '@settle/shared/rules/accounts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError, notFound } from '../../lib/app-error';
import type { SessionContext, SessionService } from '../auth/session.service';
import * as repository from './accounts.repository';

export type AccountsService = ReturnType<typeof createAccountsService>;

export type CartSummaries = (
  userId: number,
) => Promise<Array<{ customerId: number; currencyCode: string; nbrOfInvoices: number; totalAmount: string }>>;

const EMPTY_CART = { nbrOfInvoices: 0, totalAmount: '0.00' };

/** A customer linked to the user, as other modules work with it: its id scopes their queries. */
export type LinkedCustomer = {
  id: number;
  custNo: string;
  company: string;
  currencies: string[];
  defAccount: boolean;
};

function toLinkedCustomer(row: repository.LinkedCustomerRow): LinkedCustomer {
  return {
    id: row.id,
    custNo: row.custNo,
    company: row.company,
    currencies: row.currencies,
    defAccount: row.defAccount,
  };
}

function toCustomer(row: LinkedCustomer, cartSummary = EMPTY_CART): TCustomer {
  return {
    custNo: row.custNo,
    company: row.company,
    currencies: row.currencies,
    defAccount: row.defAccount,
    cartSummary,
  };
}

/**
 * `cartSummaries` comes from the cart module (which itself builds on this one), so it is
 * handed in as a function. A customer's cartSummary is its cart in the currency the user
 * works in for it: the current currency for the current customer, else its first one.
 */
export function createAccountsService(
  db: Db,
  sessions: SessionService,
  options: { cartSummaries: CartSummaries },
) {
  let currencyMapCache: Promise<Record<string, string>> | undefined;

  async function listCustomers(
    userId: number,
    current?: { custNo: string | null; currencyCode: string | null },
  ): Promise<TCustomer[]> {
    const [rows, carts] = await Promise.all([
      repository.findLinkedCustomers(db, userId),
      options.cartSummaries(userId),
    ]);
    return rows.map((row) => {
      const currency =
        row.custNo === current?.custNo && current.currencyCode
          ? current.currencyCode
          : (row.currencies[0] ?? 'USD');
      const cart = carts.find(
        (summary) => summary.customerId === row.id && summary.currencyCode === currency,
      );
      return toCustomer(
        row,
        cart ? { nbrOfInvoices: cart.nbrOfInvoices, totalAmount: cart.totalAmount } : EMPTY_CART,
      );
    });
  }

  /** The linked customer, or 404 exactly as for a customer number that does not exist. */
  async function requireCustomer(userId: number, custNo: string): Promise<LinkedCustomer> {
    const row = await repository.findLinkedCustomer(db, userId, custNo);
    if (!row) throw notFound(`Customer ${custNo}`);
    return toLinkedCustomer(row);
  }

  async function persistChoice(session: SessionContext, custNo: string, currencyCode: string) {
    await sessions.setCurrent(session.tokenHash, { custNo, currencyCode });
    await db
      .update(users)
      .set({ lastCustNo: custNo, lastCurrencyCode: currencyCode })
      .where(eq(users.id, session.userId));
    session.currentCustNo = custNo;
    session.currentCurrencyCode = currencyCode;
  }

  return {
    listCustomers,
    requireCustomer,

    currencyMap(): Promise<Record<string, string>> {
      currencyMapCache ??= repository
        .findCurrencySymbols(db)
        .then((rows) => Object.fromEntries(rows.map((row) => [row.code, row.symbol])));
      return currencyMapCache;
    },

    /**
     * Current customer and currency for a session. `hintCustNo` is the client's current
     * customer number; the session's stored choice comes first, as the rule says.
     */
    async resolveCurrent(
      session: SessionContext,
      hintCustNo?: string,
    ): Promise<TCurrentCustomerResponse | null> {
      const customers = await listCustomers(session.userId, {
        custNo: session.currentCustNo,
        currencyCode: session.currentCurrencyCode,
      });
      const current = resolveCurrentCustomer(customers, {
        storedCustNo: session.currentCustNo,
        currentCustNo: hintCustNo,
        preferDefault: false,
      });
      if (!current) return null;
      const requested = current.custNo === session.currentCustNo ? session.currentCurrencyCode : null;
      const { currencyCode } = resolveCurrentCurrency(current, requested);
      return { currentCustNo: current.custNo, currentCustomer: current, currencyCode };
    },

    /**
     * The session's current customer and currency for data calls: the same rules as
     * resolveCurrent, from one query and without the cart summaries a response would show.
     */
    async currentScope(
      session: SessionContext,
    ): Promise<{ customer: LinkedCustomer; currencyCode: string } | null> {
      const rows = await repository.findLinkedCustomers(db, session.userId);
      const customer = resolveCurrentCustomer(rows, {
        storedCustNo: session.currentCustNo,
        preferDefault: false,
      });
      if (!customer) return null;
      const requested = customer.custNo === session.currentCustNo ? session.currentCurrencyCode : null;
      return {
        customer: toLinkedCustomer(customer),
        currencyCode: resolveCurrentCurrency(customer, requested).currencyCode,
      };
    },

    /** GET /user/currenctCust/{custNo}: the customer must be linked; then the current one is resolved. */
    async getCurrentCustomer(session: SessionContext, custNo: string): Promise<TCurrentCustomerResponse> {
      await requireCustomer(session.userId, custNo);
      const current = await this.resolveCurrent(session, custNo);
      if (!current) throw notFound(`Customer ${custNo}`);
      return current;
    },

    /** PUT /user/currenctCust/{custNo}: makes it current; the currency must be one the customer has. */
    async setCurrentCustomer(
      session: SessionContext,
      custNo: string,
      currencyCode: string | undefined,
    ): Promise<TCurrentCustomerResponse> {
      const customer = await requireCustomer(session.userId, custNo);
      if (currencyCode && !canUseCurrency(customer, currencyCode)) {
        throw new AppError({
          statusCode: 400,
          code: ErrorCode.CURRENCY_NOT_AVAILABLE,
          message: `Customer ${custNo} does not use the currency ${currencyCode}; choose one of ${customer.currencies.join(', ') || 'USD'}.`,
          args: [custNo, currencyCode],
          fieldErrors: [{ field: 'body.currencyCode', message: `Not a currency of customer ${custNo}` }],
        });
      }
      const keepCurrency = custNo === session.currentCustNo ? session.currentCurrencyCode : null;
      const resolved = resolveCurrentCurrency(customer, currencyCode ?? keepCurrency);
      await persistChoice(session, custNo, resolved.currencyCode);
      const current = await this.resolveCurrent(session);
      return (
        current ?? {
          currentCustNo: custNo,
          currentCustomer: toCustomer(customer),
          currencyCode: resolved.currencyCode,
        }
      );
    },

    /** The collector contact of a linked customer. */
    async collectorOf(userId: number, custNo: string) {
      await requireCustomer(userId, custNo);
      const collector = await repository.findCollector(db, userId, custNo);
      if (!collector) throw notFound(`Customer ${custNo}`);
      return { custNo, ...collector };
    },

    /** The customer multi-select source: only the user's own customers, by number or company prefix. */
    async customerSource(userId: number, query: TDataSourceQuery): Promise<TDataSourcePage> {
      const { rows, total } = await repository.searchLinkedCustomers(db, userId, {
        startsWith: query.startsWith,
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return {
        items: rows.map((row) => ({ value: row.custNo, label: `${row.company} (${row.custNo})` })),
        page: query.page,
        pageSize: query.pageSize,
        total,
      };
    },

    serverDate(timezone: string | undefined, now = new Date()) {
      return { serverDate: calendarDateInZone(now, timezone ?? 'UTC'), serverTime: now.toISOString() };
    },
  };
}
