import {
  cross,
  get,
  type IsolationCall,
  type IsolationCase,
  refused,
  send,
  type Victim,
} from './isolation-calls';

/**
 * The integration API, called with the attacker tenant's API key and the identifiers of a victim
 * of another tenant (with its own key, its own webhooks, deliveries and NACHA files). A key acts
 * on its own tenant only: loading rows that name the victim's customer, invoice or dispute writes
 * the attacker's tenant (or refuses the row), and another tenant's object answers 404.
 * A victim of the key's own tenant is the key's to manage: it gets no call.
 */

const API = '/integration/v1';
type Integration = NonNullable<Victim['integration']>;
const ofAnotherTenant = (
  calls: (victim: Victim, integration: Integration) => IsolationCall[],
  extra?: Parameters<typeof cross>[2],
) => cross((victim) => (victim.integration ? calls(victim, victim.integration) : []), 'apiKey', extra);
const today = () => new Date().toISOString().slice(0, 10);

export const INTEGRATION_CASES: Record<string, IsolationCase> = {
  'POST /integration/v1/customers': ofAnotherTenant((victim) => [
    send(
      'POST',
      `${API}/customers`,
      [{ custNo: victim.custNo, company: 'Taken over', currencies: ['USD'] }],
      true,
    ),
  ]),
  'POST /integration/v1/invoices': ofAnotherTenant((victim) => [
    send(
      'POST',
      `${API}/invoices`,
      [
        {
          custNo: victim.custNo,
          invNo: victim.invNo,
          tranId: victim.tranId,
          status: 'C',
          invoiceDate: today(),
          dueDate: today(),
          currencyCode: 'USD',
          amount: '1.00',
          balance: '0.00',
        },
      ],
      true,
    ),
  ]),
  // A user named like the victim's login, linked to a customer of the victim's number (the key's
  // tenant may hold one: the customers load above made it) or made inactive: it can only be the key
  // tenant's own user of that name; the victim's user, links and sessions stay as they were.
  'POST /integration/v1/users': ofAnotherTenant((victim) => [
    send(
      'POST',
      `${API}/users`,
      [
        {
          loginName: victim.loginName,
          firstName: 'Taken',
          lastName: 'Over',
          email: 'taken.over@example.com',
          custNos: [victim.custNo],
        },
      ],
      true,
    ),
    send(
      'POST',
      `${API}/users`,
      [{ loginName: victim.loginName, status: 'inactive', custNos: [victim.custNo] }],
      true,
    ),
  ]),
  'POST /integration/v1/reason-codes': ofAnotherTenant(() => [
    send('POST', `${API}/reason-codes`, [{ code: 'PRICE', description: 'Taken over' }], true),
  ]),
  'POST /integration/v1/payment-configs': ofAnotherTenant(() => [
    send(
      'POST',
      `${API}/payment-configs`,
      [{ flow: 'cart', currencyCode: 'GBP', allowCreditCard: true }],
      true,
    ),
  ]),
  // All or nothing: the victim's dispute is no dispute of the key's tenant, so the load is refused.
  'POST /integration/v1/dispute-updates': ofAnotherTenant((victim) => [
    refused(
      send('POST', `${API}/dispute-updates?atomic=true`, [{ probNo: victim.probNo, note: 'Taken over' }]),
      422,
    ),
  ]),
  'PUT /integration/v1/announcement': ofAnotherTenant(() => [
    send('PUT', `${API}/announcement`, { message: 'Attacker news' }, true),
  ]),
  // The attacker tenant's own customer of that number (loaded above) at most, never the victim's.
  'GET /integration/v1/customers/{custNo}': ofAnotherTenant((victim) => [
    get(`${API}/customers/${encodeURIComponent(victim.custNo)}`, true),
  ]),
  'GET /integration/v1/events': ofAnotherTenant(() => [get(`${API}/events?limit=1000`, true)]),
  'POST /integration/v1/webhooks': ofAnotherTenant(() => [
    send('POST', `${API}/webhooks`, { url: 'https://attacker.example.com/hook', eventTypes: ['*'] }, true),
  ]),
  'GET /integration/v1/webhooks': ofAnotherTenant(() => [get(`${API}/webhooks`, true)]),
  'DELETE /integration/v1/webhooks/{id}': ofAnotherTenant((_victim, integration) => [
    refused(send('DELETE', `${API}/webhooks/${integration.webhookId}`), 404, 'NOT_FOUND'),
  ]),
  'GET /integration/v1/webhooks/{id}/deliveries': ofAnotherTenant((_victim, integration) => [
    refused(get(`${API}/webhooks/${integration.webhookId}/deliveries`), 404, 'NOT_FOUND'),
  ]),
  'POST /integration/v1/webhooks/deliveries/{id}/redeliver': ofAnotherTenant((_victim, integration) => [
    refused(
      send('POST', `${API}/webhooks/deliveries/${integration.deliveryId}/redeliver`, {}),
      404,
      'NOT_FOUND',
    ),
  ]),
  // The attacker tenant's own file of the day: the victim tenant's e-checks are not in it.
  'POST /integration/v1/nacha-files': ofAnotherTenant(() => [
    send('POST', `${API}/nacha-files`, { date: today() }, true),
  ]),
  'GET /integration/v1/nacha-files': ofAnotherTenant(() => [get(`${API}/nacha-files`, true)]),
  'GET /integration/v1/nacha-files/{id}': ofAnotherTenant((_victim, integration) => [
    refused(get(`${API}/nacha-files/${integration.nachaFileId}`), 404, 'NOT_FOUND'),
  ]),
};
