import { expect } from 'vitest';
import { submitCard } from '../../test/sandbox-payer';
import type { PaymentsHarness } from '../payments/payments-test-support';

export type AutopayAccount = Awaited<ReturnType<PaymentsHarness['account']>>;

/** Saves a bank account for the account's customer through the API; answers its profile id. */
export async function saveBankAccount(own: AutopayAccount): Promise<number> {
  const saved = await own.client.post('/payment/add/', {
    profileType: 'ECHECK',
    custNo: own.customer.custNo,
    name: 'Ada Lovelace',
    accountType: 'Checking',
    routingNum: '021000021',
    accountNum: '000123456789',
    aliasName: 'Operating account',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().paymentProfileId as number;
}

/** Saves a card through the sandbox provider's page, as the browser does; answers its profile id. */
export async function saveCard(own: AutopayAccount, number = '4242424242424242'): Promise<number> {
  const started = await own.client.post('/payment/add/', {
    profileType: 'CREDIT_CARD',
    custNo: own.customer.custNo,
    currency: 'USD',
  });
  expect(started.statusCode, started.body).toBe(200);
  const body = started.json();
  const page = await submitCard(body.serviceURL, { number, expiry: '12/30', name: 'Grace Hopper' });
  expect(page.status).toBe(303);
  const after = (await own.client.get(`/payment/add/status/${body.reference}`)).json();
  expect(after).toMatchObject({ success: true });
  return body.paymentProfileId as number;
}

export function putRule(
  own: AutopayAccount,
  body: Record<string, unknown>,
  currency = 'USD',
  custNo = own.customer.custNo,
) {
  return own.client.put(`/payment/autopay/rules/${custNo}/${currency}`, body);
}
