/**
 * Current customer and currency, as the specification states them:
 * - customer: the stored current one; otherwise the one matching currentCustNo;
 *   otherwise the first; a customer flagged as default account overrides all of these.
 * - currency: only one the current customer has; otherwise its first; USD when it has none.
 *
 * "Overrides all of these" applies when a session starts: at sign-in the default
 * account wins. Within a session the user's explicit choice is the stored current
 * one, so switching accounts sticks until the next sign-in.
 */
export const FALLBACK_CURRENCY = 'USD';

export interface CustomerLike {
  custNo: string;
  currencies: readonly string[];
  defAccount: boolean;
}

export function resolveCurrentCustomer<C extends CustomerLike>(
  customers: readonly C[],
  options: { storedCustNo?: string | null; currentCustNo?: string | null; preferDefault: boolean },
): C | null {
  if (customers.length === 0) return null;
  if (options.preferDefault) {
    const defaultAccount = customers.find((customer) => customer.defAccount);
    if (defaultAccount) return defaultAccount;
  }
  const stored =
    options.storedCustNo && customers.find((customer) => customer.custNo === options.storedCustNo);
  if (stored) return stored;
  const matching =
    options.currentCustNo && customers.find((customer) => customer.custNo === options.currentCustNo);
  if (matching) return matching;
  return customers[0] ?? null;
}

export function resolveCurrentCurrency(
  customer: CustomerLike | null,
  requested?: string | null,
): { currencyCode: string; fellBack: boolean } {
  const currencies = customer?.currencies ?? [];
  if (requested && currencies.includes(requested)) return { currencyCode: requested, fellBack: false };
  const first = currencies[0];
  if (first) return { currencyCode: first, fellBack: false };
  return { currencyCode: FALLBACK_CURRENCY, fellBack: true };
}

/** A currency can be made current only if the customer has it (or it is the USD fallback of a customer without any). */
export function canUseCurrency(customer: CustomerLike, currencyCode: string): boolean {
  if (customer.currencies.length === 0) return currencyCode === FALLBACK_CURRENCY;
  return customer.currencies.includes(currencyCode);
}
