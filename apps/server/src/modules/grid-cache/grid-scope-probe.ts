import type { TInvoiceListQuery } from '@settle/shared/invoices';
import { canUseCurrency } from '@settle/shared/rules/accounts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { LinkedCustomer } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';

/**
 * What a grid call needs to know besides its session, read in the session's own statement (one
 * round trip): the customer it names when linked to the user (the join is the access check, as in
 * the accounts module's findLinkedCustomer), the versions of its invoices (invoice_versions, new
 * at the commit of every write, migration 0025) and a fingerprint of the user's cart lines on them (the
 * rows' inCart). The grid's response cache is valid while all of them are unchanged.
 */
export type GridScope = {
  customer: LinkedCustomer;
  /**
   * invoice_versions' [version, dataVersion] by `currency/status`: the first new at every write,
   * the second only when more than the payment and promise marks changed. A group never written
   * has none.
   */
  ledger: Record<string, [number, number]>;
  cart: string;
  /** dispute_reason_versions' number of the customer's tenant: new when a reason's description changed. */
  reasons: number | null;
};

type ProbedRow = LinkedCustomer & {
  ledger: Record<string, [number, number]> | null;
  cart: string;
  reasons: number | null;
};

/** The probe as a scalar subquery of the session statement: json, or null when not linked. */
export function gridScopeProbe(userId: AnyColumn, custNo: SQL): SQL<ProbedRow | null> {
  return sql<ProbedRow | null>`(
    select json_build_object(
      'id', c.id, 'custNo', c.cust_no, 'company', c.company, 'currencies', c.currencies,
      'defAccount', uc.def_account,
      'ledger', (select json_object_agg(v.currency_code || '/' || v.status, json_build_array(v.version, v.data_version))
        from invoice_versions v where v.customer_id = c.id),
      'cart', (select coalesce(md5(string_agg(l.invoice_id::text, ',' order by l.invoice_id)), '')
        from payment_carts pc join payment_cart_lines l on l.cart_id = pc.id
        join invoices i on i.id = l.invoice_id
        where pc.user_id = uc.user_id and i.customer_id = c.id),
      'reasons', (select r.version from dispute_reason_versions r where r.tenant_id = c.tenant_id))
    from user_customers uc join customers c on c.id = uc.customer_id
    where uc.user_id = ${userId} and c.cust_no = ${custNo}
    limit 1)`;
}

/** The probe's answer for this customer number, when the session statement read it. */
export function probedScope(session: SessionContext, custNo: string): GridScope | null | undefined {
  const probe = session.scopeProbe;
  if (!probe || probe.custNo !== custNo) return undefined;
  const row = probe.result as ProbedRow | null;
  if (!row) return null;
  const { ledger, cart, reasons, ...customer } = row;
  return { customer, ledger: ledger ?? {}, cart, reasons };
}

/**
 * The validator of a grid call of one customer and currency: who asks, the customer's name and
 * currencies, and what `parts` adds from the probe. Undefined when the call cannot be answered
 * from what the probe read (no customer or currency named, not linked, a currency the customer
 * does not use): the service answers it, with its 404 or 400.
 */
function scopedValidator(
  session: SessionContext,
  query: { custNo?: string; currencyCode?: string },
  parts: (scope: GridScope, currencyCode: string) => unknown[],
): string | undefined {
  if (!query.custNo || !query.currencyCode) return undefined;
  const scope = probedScope(session, query.custNo);
  if (!scope || !canUseCurrency(scope.customer, query.currencyCode)) return undefined;
  return JSON.stringify([
    session.userId,
    scope.customer.id,
    scope.customer.company,
    scope.customer.currencies,
    ...parts(scope, query.currencyCode),
  ]);
}

/**
 * A quarter of an hour: every time zone's midnight falls on one, so the database's date (what the
 * relative date filters, `inrelrange(dueDate, -7, 0)` and the like, and a dispute's age count from),
 * whatever its session's time zone, changes only at the start of one.
 */
const QUARTER_HOUR_MS = 15 * 60 * 1000;

export function quarterHourOf(now: Date): number {
  return Math.floor(now.getTime() / QUARTER_HOUR_MS);
}

/**
 * What a list of invoices depends on besides its address: who asks (the cart marks are theirs),
 * the customer, the version of the listed group, the cart, and the quarter hour (a relative date
 * filter's days).
 */
export function invoiceListValidator(
  session: SessionContext,
  query: Pick<TInvoiceListQuery, 'custNo' | 'currencyCode' | 'status'>,
  options: { now: Date },
): string | undefined {
  return scopedValidator(session, query, (scope, currencyCode) => [
    scope.ledger[`${currencyCode}/${query.status}`]?.[0] ?? 'none',
    scope.cart,
    quarterHourOf(options.now),
  ]);
}

/** The groups of invoice_versions that are not invoices (migration 0029): what the other grids show. */
export const DISPUTES_GROUP = 'disputes';
export const PAYMENTS_GROUP = 'payments';

/**
 * What a list of disputes depends on besides its address: the customer, the version of its
 * disputes in the currency (the disputes and their notes), the tenant's reasons' descriptions, the data of its
 * invoices (a row shows its invoice's number, dates and amount; not the payment and promise marks,
 * hence data versions), whether the caller may see disputed amounts, and the quarter hour (a row's
 * age in days is counted by the database's date).
 */
export function disputeListValidator(
  session: SessionContext,
  query: { custNo?: string; currencyCode?: string },
  options: { canViewAmounts: boolean; now: Date },
): string | undefined {
  return scopedValidator(session, query, (scope, currencyCode) => [
    scope.ledger[`${currencyCode}/${DISPUTES_GROUP}`]?.[0] ?? 'none',
    scope.reasons ?? 'none',
    invoiceDataVersions(scope),
    options.canViewAmounts,
    quarterHourOf(options.now),
  ]);
}

/**
 * What a page of the payment log depends on besides its address: the customer, the version of its
 * payments in the currency (the payments and their lines) and the quarter hour (the day its
 * relative date filters count from).
 */
export function paymentLogListValidator(
  session: SessionContext,
  query: { custNo?: string; currencyCode?: string },
  options: { now: Date },
): string | undefined {
  return scopedValidator(session, query, (scope, currencyCode) => [
    scope.ledger[`${currencyCode}/${PAYMENTS_GROUP}`]?.[0] ?? 'none',
    quarterHourOf(options.now),
  ]);
}

/** Every invoice group's data version, in key order (the probe's json object has no set order). */
function invoiceDataVersions(scope: GridScope): Array<[string, number]> {
  return Object.entries(scope.ledger)
    .filter(([group]) => !group.endsWith(`/${DISPUTES_GROUP}`) && !group.endsWith(`/${PAYMENTS_GROUP}`))
    .map(([group, [, dataVersion]]): [string, number] => [group, dataVersion])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
