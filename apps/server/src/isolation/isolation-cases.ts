import type { InjectOptions } from 'fastify';

/** What the suite knows of one victim (a customer the attacker must never reach). */
export type Victim = {
  label: string;
  custNo: string;
  currencyCode: string;
  loginName: string;
  invNo: string;
  tranId: string;
  probNo: number;
  disputeId: number;
  attachmentId: number;
  uploadUuid: string;
  savedSearchId: number;
};

/** The attacker's own identifiers, for calls that mix them with a victim's. */
export type Own = { custNo: string; invNo: string };

export type IsolationCall = Pick<InjectOptions, 'method' | 'payload' | 'headers'> & {
  url: string;
  /** A 2xx is a correct answer here (a search that finds nothing, the attacker's own data): only leaks count. */
  mayAnswer?: boolean;
};

/**
 * One entry per route and method of the OpenAPI document:
 * - `cross`: the calls that carry the victim's identifiers (path, query, body); each must be
 *   refused (4xx) unless marked mayAnswer, and none may show or change the victim's data;
 * - `own`: a route that takes no identifier of another customer; called once as the attacker;
 * - `exempt`: not callable this way, with the reason (and where it is tested instead).
 * A route of the document without an entry fails the suite: a new route brings its entry.
 */
export type IsolationCase =
  | { kind: 'cross'; calls: (victim: Victim, own: Own) => IsolationCall[] }
  | { kind: 'own'; call: (own: Own) => IsolationCall; session?: 'throwaway' }
  | { kind: 'exempt'; reason: string };

const cross = (calls: (victim: Victim, own: Own) => IsolationCall[]): IsolationCase => ({
  kind: 'cross',
  calls,
});
const own = (call: (own: Own) => IsolationCall, session?: 'throwaway'): IsolationCase => ({
  kind: 'own',
  call,
  ...(session ? { session } : {}),
});
const exempt = (reason: string): IsolationCase => ({ kind: 'exempt', reason });
const get = (url: string, mayAnswer?: boolean): IsolationCall => ({ method: 'GET', url, mayAnswer });
const send = (method: string, url: string, payload?: unknown, mayAnswer?: boolean): IsolationCall => ({
  method,
  url,
  payload: payload as InjectOptions['payload'],
  mayAnswer,
});

const DEV_AID = 'development aid (DEV_OUTBOX), 404 in production; shows any recipient by design';
const BEFORE_SIGN_IN =
  'before sign-in: carries a sealed link, a code or a pending sign-in, no customer identifier (account-setup, pin and sso tests)';

/** A valid saved search's criteria (the builder's tree for `amount gt 100`). */
export const SEARCH_CRITERIA = {
  operator: 'and',
  operands: [{ property: 'amount', constraint: 'gt', type: 'currency', value: '100' }],
};

const columns = {
  allColumnPreference: [{ field: 'invNo', title: 'Invoice', order: 0, sort: null }],
};
const grid = (victim: Victim) => `custNo=${victim.custNo}&currencyCode=${victim.currencyCode}`;

export const ISOLATION_CASES: Record<string, IsolationCase> = {
  'GET /config.js': own(() => get('/config.js')),
  'POST /auth/login': cross((victim) => [
    send('POST', '/auth/login', { loginName: victim.loginName, password: 'x' }),
  ]),
  'GET /auth/logout': own(() => get('/auth/logout'), 'throwaway'),
  'GET /auth/privacyTemplate': own(() => get('/auth/privacyTemplate')),
  'POST /auth/prelogin': cross((victim) => [
    send('POST', '/auth/prelogin', { loginName: victim.loginName }, true),
  ]),
  'POST /auth/troubleSigningIn': exempt(
    'emails the owner of any login a recovery link, answered alike for every name (sign-in-help tests)',
  ),
  'GET /resource/captcha': own(() => get('/resource/captcha')),
  'GET /resource/captcha/audio': own(() => get('/resource/captcha/audio')),
  'GET /dev/captcha/{id}': exempt(DEV_AID),
  'GET /user/registration': exempt(BEFORE_SIGN_IN),
  'POST /user/registration': exempt(BEFORE_SIGN_IN),
  'GET /dev/registrationLinks': exempt(DEV_AID),
  'POST /user/activation': exempt(BEFORE_SIGN_IN),
  'POST /user/resetPassword': exempt(BEFORE_SIGN_IN),
  'POST /user/verifyUserAsInactive': exempt(BEFORE_SIGN_IN),
  'GET /trUtils/decrypt/{encrypt}': exempt(BEFORE_SIGN_IN),
  'POST /auth/companyDefMask': cross((victim) => [
    send('POST', '/auth/companyDefMask', { loginName: victim.loginName }, true),
  ]),
  'GET /auth/sso/start': exempt(BEFORE_SIGN_IN),
  'POST /auth/ssologin': exempt(BEFORE_SIGN_IN),
  'POST /auth/resendPin': exempt(BEFORE_SIGN_IN),
  'POST /auth/updateMobile': exempt(BEFORE_SIGN_IN),
  'GET /dev/outbox': exempt(DEV_AID),
  'GET /invoices/associationAccounts': own(() => get('/invoices/associationAccounts')),
  'GET /user/currenctCust/{custNo}': cross((victim) => [get(`/user/currenctCust/${victim.custNo}`)]),
  'PUT /user/currenctCust/{custNo}': cross((victim) => [
    send('PUT', `/user/currenctCust/${victim.custNo}`, { currencyCode: victim.currencyCode }),
  ]),
  'GET /location/serverDate': own(() => get('/location/serverDate')),
  'GET /dashboard/custSummary': own(() => get('/dashboard/custSummary')),
  'GET /data/': own(() => get('/data/')),
  'GET /data/customers': cross((victim) => [get(`/data/customers?startsWith=${victim.custNo}`, true)]),
  'GET /invoices': cross((victim) => [
    get(`/invoices?${grid(victim)}&status=O`),
    get(`/invoices?status=O&filter=${encodeURIComponent(`invNo eq '${victim.invNo}'`)}`, true),
  ]),
  'GET /invoices/detail/{invNo}': cross((victim) => [
    get(`/invoices/detail/${victim.invNo}`),
    get(`/invoices/detail/${victim.invNo}?custNo=${victim.custNo}`),
  ]),
  'GET /invoices/detail/{invNo}/{tranId}': cross((victim) => [
    get(`/invoices/detail/${victim.invNo}/${victim.tranId}`),
    get(`/invoices/detail/${victim.invNo}/${victim.tranId}?custNo=${victim.custNo}`),
  ]),
  'PUT /invoices/promiseUnPromise': cross((victim) => [
    send('PUT', '/invoices/promiseUnPromise', {
      invNo: victim.invNo,
      promised: false,
      custNo: victim.custNo,
    }),
    send('PUT', '/invoices/promiseUnPromise', { invNo: [victim.invNo], promised: false }, true),
  ]),
  'GET /invoices/overdue': own(() => get('/invoices/overdue')),
  'GET /invoices/pricollector/{custNo}': cross((victim) => [get(`/invoices/pricollector/${victim.custNo}`)]),
  'GET /invoices/columns': own(() => get('/invoices/columns')),
  'POST /invoices/columns': own(() => send('POST', '/invoices/columns', columns)),
  'PUT /invoices/columns': own(() => send('PUT', '/invoices/columns', columns)),
  'DELETE /invoices/columns': own(() => send('DELETE', '/invoices/columns')),
  'GET /gateway/downloadLinkedContent': cross((victim) => [
    get(`/gateway/downloadLinkedContent?invNo=${victim.invNo}`),
    get(`/gateway/downloadLinkedContent?invNo=${victim.invNo}&custNo=${victim.custNo}`),
  ]),
  'GET /invoices/getFonts': own(() => get('/invoices/getFonts?fontName=DejaVuSans')),
  'GET /invoices/export/xlsx': cross((victim) => [get(`/invoices/export/xlsx?${grid(victim)}&status=O`)]),
  'GET /invoices/export/pdf': cross((victim) => [get(`/invoices/export/pdf?${grid(victim)}&status=O`)]),
  'GET /disputes/export/xlsx': cross((victim) => [get(`/disputes/export/xlsx?${grid(victim)}`)]),
  'GET /disputes/export/pdf': cross((victim) => [get(`/disputes/export/pdf?${grid(victim)}`)]),
  'GET /payment/cart': cross((victim) => [get(`/payment/cart?${grid(victim)}`)]),
  'DELETE /payment/cart': cross((victim) => [send('DELETE', `/payment/cart?${grid(victim)}`)]),
  'POST /payment/cart/add': cross((victim, mine) => [
    send('POST', '/payment/cart/add', {
      custNo: victim.custNo,
      currencyCode: victim.currencyCode,
      invNo: [victim.invNo],
    }),
    send(
      'POST',
      '/payment/cart/add',
      { custNo: mine.custNo, currencyCode: 'USD', invNo: [victim.invNo] },
      true,
    ),
  ]),
  'POST /payment/cart/remove': cross((victim) => [
    send('POST', '/payment/cart/remove', {
      custNo: victim.custNo,
      currencyCode: victim.currencyCode,
      invNo: [victim.invNo],
    }),
  ]),
  'POST /payment/syncPaymentCart/{custNo}': cross((victim) => [
    send('POST', `/payment/syncPaymentCart/${victim.custNo}`, [victim.invNo]),
  ]),
  'GET /invoices/searchFields': own(() => get('/invoices/searchFields')),
  'GET /search/saved': own(() => get('/search/saved?grid=invoices')),
  'POST /search/saved': own(() =>
    send('POST', '/search/saved', {
      grid: 'invoices',
      name: 'attacker search',
      criteria: SEARCH_CRITERIA,
      filter: 'amount gt 100',
    }),
  ),
  'DELETE /search/saved/{id}': cross((victim) => [send('DELETE', `/search/saved/${victim.savedSearchId}`)]),
  'GET /invoices/activity/{invNo}': cross((victim) => [
    get(`/invoices/activity/${victim.invNo}`),
    get(`/invoices/activity/${victim.invNo}?custNo=${victim.custNo}`),
  ]),
  'GET /disputes': cross((victim) => [
    get(`/disputes?${grid(victim)}`),
    get(`/disputes?invNo=${victim.invNo}`, true),
  ]),
  'GET /dispute/reasonCodes': own(() => get('/dispute/reasonCodes')),
  'GET /dispute/columns': own(() => get('/dispute/columns')),
  'POST /dispute/columns': own(() => send('POST', '/dispute/columns', columns), undefined),
  'PUT /dispute/columns': own(() => send('PUT', '/dispute/columns', columns)),
  'DELETE /dispute/columns': own(() => send('DELETE', '/dispute/columns')),
  'GET /dispute/assistance/{invNo}/{status}': cross((victim) => [
    get(`/dispute/assistance/${victim.invNo}/O`),
  ]),
  'GET /dispute/attachment/{id}': cross((victim) => [get(`/dispute/attachment/${victim.attachmentId}`)]),
  'GET /dispute/{probNo}': cross((victim) => [get(`/dispute/${victim.probNo}`)]),
  'POST /dispute/{probNo}': cross((victim, mine) => [
    send('POST', '/dispute/0', {
      invNo: victim.invNo,
      style: 'other',
      disputedAmount: '1.00',
      reasonCode: 'PRICE',
    }),
    // The victim's unattached upload, onto the attacker's own invoice.
    send('POST', '/dispute/0', {
      invNo: mine.invNo,
      style: 'other',
      disputedAmount: '1.00',
      reasonCode: 'PRICE',
      attachments: [victim.uploadUuid],
    }),
  ]),
  'PUT /dispute/{probNo}': cross((victim) => [
    send('PUT', `/dispute/${victim.probNo}`, { newNote: 'mine now' }),
  ]),
  'GET /dispute/{id}/reason': cross((victim) => [get(`/dispute/${victim.disputeId}/reason`)]),
  'PUT /dispute/{id}/reason': cross((victim) => [
    send('PUT', `/dispute/${victim.disputeId}/reason`, { reasonCode: 'DAMAGED' }),
  ]),
  'GET /dispute/{id}/note': cross((victim) => [get(`/dispute/${victim.disputeId}/note`)]),
  'POST /upload/file': exempt(
    'takes a file and no identifier; an upload belongs to the current customer (uploads tests)',
  ),
  'GET /upload/fileMetaData/': own(() => get('/upload/fileMetaData/')),
  'GET /help/{topic}': own(() => get('/help/invoices')),
};
