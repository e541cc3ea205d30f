import { ErrorCode } from '@settle/shared/errors';
import { canUseCurrency } from '@settle/shared/rules/accounts';
import { AppError, notFound } from '../../lib/app-error';
import type { AccountsService, LinkedCustomer } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { probedScope } from '../grid-cache/grid-scope-probe';

/**
 * The customer and currency a call works on: the ones asked for, or the session's current
 * ones. The customer must be linked to the user (404 otherwise, as for one that does not
 * exist) and the currency must be one of the customer's.
 */
export async function resolveCustomerScope(
  accounts: AccountsService,
  session: SessionContext,
  requested: { custNo?: string; currencyCode?: string },
) {
  let customer: LinkedCustomer;
  let currentCurrency: string | undefined;
  if (requested.custNo) {
    // Read with the session when the route asked for it (the same join, one round trip less).
    const probed = probedScope(session, requested.custNo);
    if (probed === null) throw notFound(`Customer ${requested.custNo}`);
    customer = probed?.customer ?? (await accounts.requireCustomer(session.userId, requested.custNo));
    // The session's currency still applies when the requested customer is the current one.
    if (customer.custNo === session.currentCustNo) currentCurrency = session.currentCurrencyCode ?? undefined;
  } else {
    const current = await accounts.currentScope(session);
    if (!current) throw notFound('Customer');
    customer = current.customer;
    currentCurrency = current.currencyCode;
  }
  const custNo = customer.custNo;
  const currencyCode = requested.currencyCode ?? currentCurrency ?? customer.currencies[0] ?? 'USD';
  if (!canUseCurrency(customer, currencyCode)) {
    throw new AppError({
      statusCode: 400,
      code: ErrorCode.CURRENCY_NOT_AVAILABLE,
      message: `Customer ${custNo} does not use the currency ${currencyCode}.`,
      args: [custNo, currencyCode],
    });
  }
  return { customer, currencyCode };
}
