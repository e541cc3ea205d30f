import type { TCustomer } from '@settle/shared/accounts';
import { PAYMENT_LOG_DATE_RANGES, type TPaymentLogDateRange } from '@settle/shared/payment-logs';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_PARAM } from '../../../lib/grid-search-params';
import { useSignedInUser } from '../../../lib/use-user-data';

export const CUSTOMER_PARAM = 'custNo';
export const CURRENCY_PARAM = 'currency';
export const RANGE_PARAM = 'range';

export interface PaymentLogScope {
  customers: TCustomer[];
  custNo: string | null;
  currencyCode: string;
  dateRange: TPaymentLogDateRange;
  setScope: (changes: { custNo?: string; currencyCode?: string; dateRange?: TPaymentLogDateRange }) => void;
}

/**
 * The customer, currency and date range the log shows, kept in the address (reload, Back, a
 * shared link): the session's current customer and currency unless the address names others
 * the user has. A change starts from the first page.
 */
export function usePaymentLogScope(): PaymentLogScope {
  const user = useSignedInUser();
  const [params, setParams] = useSearchParams();
  const customers = user.customers;
  const named = customers.find((customer) => customer.custNo === params.get(CUSTOMER_PARAM));
  const customer =
    named ?? customers.find((candidate) => candidate.custNo === user.currentCustNo) ?? customers[0];
  const wantedCurrency = params.get(CURRENCY_PARAM) ?? (named ? null : user.currencyCode);
  const currencyCode =
    customer && wantedCurrency && customer.currencies.includes(wantedCurrency)
      ? wantedCurrency
      : (customer?.currencies[0] ?? user.currencyCode);
  const range = params.get(RANGE_PARAM);
  const dateRange = (PAYMENT_LOG_DATE_RANGES as readonly string[]).includes(range ?? '')
    ? (range as TPaymentLogDateRange)
    : 'ALL';

  const setScope = useCallback<PaymentLogScope['setScope']>(
    (changes) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (changes.custNo !== undefined) {
          next.set(CUSTOMER_PARAM, changes.custNo);
          // Another customer may not have the currency: its first one is taken then.
          if (changes.currencyCode === undefined) next.delete(CURRENCY_PARAM);
        }
        if (changes.currencyCode !== undefined) next.set(CURRENCY_PARAM, changes.currencyCode);
        if (changes.dateRange !== undefined) {
          if (changes.dateRange === 'ALL') next.delete(RANGE_PARAM);
          else next.set(RANGE_PARAM, changes.dateRange);
        }
        next.delete(PAGE_PARAM);
        return next;
      }),
    [setParams],
  );

  return { customers, custNo: customer?.custNo ?? null, currencyCode, dateRange, setScope };
}
