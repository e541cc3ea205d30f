import { randomUUID } from 'node:crypto';
import { defaultDashboard } from '@settle/shared/dashboard';
import { IDEMPOTENCY_KEY_HEADER } from '@settle/shared/payments';
import type { InjectOptions } from 'fastify';

import { multipartBody } from '../test/multipart';
import { BEFORE_SIGN_IN_CASES } from './before-sign-in-cases';
import { INTEGRATION_CASES } from './integration-cases';
import {
  cross,
  get,
  type IsolationCall,
  type IsolationCase,
  type Own,
  own,
  refused,
  send,
  type Victim,
} from './isolation-calls';
import { OUTSIDE_SESSION_CASES } from './outside-session-cases';

export type { IsolationCall, Own, Victim } from './isolation-calls';

/** The emailed unsubscribe link, no session: a link signed for nobody (or changed) is refused. */
const FORGED_UNSUBSCRIBE = `/reminders/unsubscribe?u=1&sig=${'0'.repeat(64)}`;
const signedLink = (method: 'GET' | 'POST'): IsolationCase =>
  cross(() => [send(method, FORGED_UNSUBSCRIBE)], 'session', { signedLinkNotCsrf: true });

const BANK_PROFILE = {
  profileType: 'ECHECK',
  name: 'Attacker',
  accountType: 'Checking',
  routingNum: '021000021',
  accountNum: '99887766',
};

/** A valid saved search's criteria (the builder's tree for `amount gt 100`). */
export const SEARCH_CRITERIA = {
  operator: 'and',
  operands: [{ property: 'amount', constraint: 'gt', type: 'currency', value: '100' }],
};

const columns = {
  allColumnPreference: [{ field: 'invNo', title: 'Invoice', order: 0, sort: null }],
};
/** A payment start carries a fresh Idempotency-Key, as the web app sends it. */
const start = (url: string, payload: unknown): IsolationCall => ({
  method: 'POST',
  url,
  payload: payload as InjectOptions['payload'],
  headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
});
const ECHECK_ACCOUNT = {
  name: 'Attacker',
  accountType: 'Checking',
  routingNumber: '011000015',
  accountNumber: '123456789',
  checkNumber: '',
};
const cartBody = (custNo: string, currency: string, invNo: string) => ({
  custNo,
  currency,
  payments: [{ invNo, payment: '1.00' }],
});
const onAccountBody = (custNo: string, currency: string) => ({ custNo, currency, amount: '1.00' });
/** The payment log and receipt calls: the victim's payment under the victim's and the attacker's own account. */
const paymentLogCalls = (
  victim: Victim,
  mine: Own,
  call: (custNo: string, paymentLogId: number) => IsolationCall,
) => [call(victim.custNo, victim.paymentLogId), call(mine.custNo, victim.paymentLogId)];

const paymentLogColumns = {
  allColumnPreference: [{ field: 'createdAt', title: 'Paid on', order: 0, sort: null }],
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
  'GET /resource/captcha': own(() => get('/resource/captcha')),
  'GET /resource/captcha/audio': own(() => get('/resource/captcha/audio')),
  'POST /auth/companyDefMask': cross((victim) => [
    send('POST', '/auth/companyDefMask', { loginName: victim.loginName }, true),
  ]),
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
  // An upload belongs to the session's current customer: whatever the request names, it is the attacker's.
  'POST /upload/file': cross((victim) => [
    {
      method: 'POST',
      url: `/upload/file?custNo=${victim.custNo}&invNo=${victim.invNo}`,
      ...multipartBody([{ name: `${victim.invNo}.txt`, content: `for ${victim.custNo}` }], {
        custNo: victim.custNo,
        currencyCode: victim.currencyCode,
        invNo: victim.invNo,
        probNo: String(victim.probNo),
      }),
      mayAnswer: true,
    },
    // A name carrying a path towards the victim's folder is refused, storing nothing.
    refused(
      {
        method: 'POST',
        url: '/upload/file',
        ...multipartBody([{ name: `../${victim.custNo}/${victim.uploadUuid}.txt`, content: 'x' }]),
      },
      400,
    ),
  ]),
  'GET /upload/fileMetaData/': own(() => get('/upload/fileMetaData/')),
  'GET /help/{topic}': own(() => get('/help/invoices')),

  'GET /invoices/totals': cross((victim) => [
    get(`/invoices/totals?${grid(victim)}&status=O`),
    get(`/invoices/totals?status=O&filter=${encodeURIComponent(`invNo eq '${victim.invNo}'`)}`, true),
  ]),
  'GET /disputes/totals': cross((victim) => [get(`/disputes/totals?${grid(victim)}`)]),
  'GET /dashboard': own(() => get('/dashboard')),
  'PUT /dashboard': own(() => send('PUT', '/dashboard', defaultDashboard('Attacker dashboard'))),
  // Aging and promises due read the session's current customer only: no identifier to cross.
  'GET /dashboard/aging': own(() => get('/dashboard/aging')),
  'GET /dashboard/promisesDue': own(() => get('/dashboard/promisesDue')),
  'GET /statement': cross((victim, mine) => [
    get(`/statement?${grid(victim)}`),
    get(`/statement?custNo=${victim.custNo}`),
    get(`/statement?custNo=${mine.custNo}&currencyCode=${victim.ownCurrencyOnly}`),
  ]),
  'GET /statement/pdf': cross((victim) => [get(`/statement/pdf?${grid(victim)}`)]),
  'GET /statement/xlsx': cross((victim) => [get(`/statement/xlsx?${grid(victim)}`)]),
  'GET /statement/subscriptions': own(() => get('/statement/subscriptions')),
  'PUT /statement/subscription': cross((victim) => [
    send('PUT', '/statement/subscription', {
      custNo: victim.custNo,
      currencyCode: victim.currencyCode,
      enabled: true,
    }),
  ]),
  'GET /reminders': own(() => get('/reminders')),
  'PUT /reminders': own(() =>
    send('PUT', '/reminders', { dueIn7Days: true, dueIn1Day: false, overdue: true }),
  ),
  'GET /reminders/unsubscribe': signedLink('GET'),
  'POST /reminders/unsubscribe': signedLink('POST'),
  'GET /user/profile': own(() => get('/user/profile')),
  'PUT /user/profile': own(() =>
    send('PUT', '/user/profile', {
      firstName: 'Ada',
      lastName: 'Attacker',
      locale: 'en_US',
      preferredLanguage: 'en',
      timezone: 'America/Toronto',
    }),
  ),
  // Second factors act on the session's own user only; the one identifier is a passkey id.
  'GET /user/secondFactors': own(() => get('/user/secondFactors')),
  'POST /user/secondFactors/totp': own(() => send('POST', '/user/secondFactors/totp')),
  'POST /user/secondFactors/totp/confirm': own(() =>
    send('POST', '/user/secondFactors/totp/confirm', { code: '000000' }),
  ),
  'DELETE /user/secondFactors/totp': own(() => send('DELETE', '/user/secondFactors/totp')),
  'POST /user/secondFactors/recoveryCodes': own(() => send('POST', '/user/secondFactors/recoveryCodes')),
  'POST /user/secondFactors/passkeys/options': own(() =>
    send('POST', '/user/secondFactors/passkeys/options'),
  ),
  'POST /user/secondFactors/passkeys': own(() =>
    send('POST', '/user/secondFactors/passkeys', {
      name: 'Attacker key',
      response: { id: 'x', rawId: 'x', type: 'public-key', response: {} },
    }),
  ),
  'DELETE /user/secondFactors/passkeys/{passkeyId}': cross((victim) => [
    send('DELETE', `/user/secondFactors/passkeys/${victim.passkeyId}`),
  ]),
  'GET /location/locales': own(() => get('/location/locales')),
  'GET /location/timeZones': own(() => get('/location/timeZones')),
  'GET /location/address/contact': own(() => get('/location/address/contact')),
  'GET /companies': own(() => get('/companies')),
  'PUT /companies/default/{custNo}': cross((victim) => [send('PUT', `/companies/default/${victim.custNo}`)]),
  'GET /annoucment/customerPortalAnnouncement': own(() => get('/annoucment/customerPortalAnnouncement')),
  'GET /payment/logs': cross((victim) => [
    get(`/payment/logs?${grid(victim)}`),
    get(`/payment/logs?custNo=${victim.custNo}`),
  ]),
  'GET /payment/logs/totals': cross((victim) => [get(`/payment/logs/totals?${grid(victim)}`)]),
  'GET /payment/logs/export/xlsx': cross((victim) => [get(`/payment/logs/export/xlsx?${grid(victim)}`)]),
  'GET /payment/logs/export/pdf': cross((victim) => [get(`/payment/logs/export/pdf?${grid(victim)}`)]),
  'GET /payment/log/columns': own(() => get('/payment/log/columns')),
  'POST /payment/log/columns': own(() => send('POST', '/payment/log/columns', paymentLogColumns)),
  'PUT /payment/log/columns': own(() => send('PUT', '/payment/log/columns', paymentLogColumns)),
  'DELETE /payment/log/columns': own(() => send('DELETE', '/payment/log/columns')),
  'GET /payment/log/{action}': cross((victim, mine) =>
    paymentLogCalls(victim, mine, (custNo, id) =>
      get(`/payment/log/detail?custNo=${custNo}&paymentLogId=${id}`),
    ),
  ),
  'GET /payment/config/cart/{currency}': cross((victim) => [
    get(`/payment/config/cart/${victim.ownCurrencyOnly}`),
  ]),
  'GET /payment/config/on_account/{currency}': cross((victim) => [
    get(`/payment/config/on_account/${victim.ownCurrencyOnly}`),
  ]),
  'GET /payment/provider/cart/{type}/{currency}': cross((victim) => [
    get(`/payment/provider/cart/CREDIT_CARD/${victim.ownCurrencyOnly}?amount=10.00`),
  ]),
  'GET /payment/provider/on_account/{paymentType}/{currency}': cross((victim) => [
    get(`/payment/provider/on_account/CREDIT_CARD/${victim.ownCurrencyOnly}?amount=10.00`),
  ]),
  'POST /payment/validateCart/{type}/{currency}': cross((victim, mine) => [
    send('POST', `/payment/validateCart/CREDIT_CARD/${victim.currencyCode}`, {
      custNo: victim.custNo,
      payments: [{ invNo: victim.invNo, payment: '1.00' }],
    }),
    // Under the attacker's own account the victim's invoice is a line that no longer holds (balance 0).
    send(
      'POST',
      `/payment/validateCart/CREDIT_CARD/${victim.currencyCode}`,
      { custNo: mine.custNo, payments: [{ invNo: victim.invNo, payment: '1.00' }] },
      true,
    ),
  ]),
  'POST /payment/hpp/{paymentType}': cross((victim, mine) => [
    start('/payment/hpp/CREDIT_CARD', cartBody(victim.custNo, victim.currencyCode, victim.invNo)),
    start('/payment/hpp/CREDIT_CARD', cartBody(mine.custNo, victim.currencyCode, victim.invNo)),
  ]),
  'POST /payment/hppOnAccount/{paymentType}': cross((victim) => [
    start('/payment/hppOnAccount/CREDIT_CARD', onAccountBody(victim.custNo, victim.currencyCode)),
    start('/payment/hppOnAccount/CREDIT_CARD', onAccountBody(victim.custNo, victim.ownCurrencyOnly)),
  ]),
  'POST /payment/makePayment/{paymentType}': cross((victim, mine) => [
    start('/payment/makePayment/ECHECK', {
      ...cartBody(victim.custNo, 'USD', victim.invNo),
      paymentAccount: ECHECK_ACCOUNT,
    }),
    start('/payment/makePayment/ECHECK', {
      ...cartBody(mine.custNo, 'USD', victim.invNo),
      paymentAccount: ECHECK_ACCOUNT,
    }),
  ]),
  'POST /payment/makePaymentOnAccount/{paymentType}': cross((victim) => [
    start('/payment/makePaymentOnAccount/ECHECK', {
      ...onAccountBody(victim.custNo, 'USD'),
      paymentAccount: ECHECK_ACCOUNT,
    }),
  ]),
  'GET /payment/log/pollStatus/{extTranRefId}/{custNo}': cross((victim, mine) => [
    get(`/payment/log/pollStatus/${victim.pendingExtTranRefId}/${victim.custNo}`),
    get(`/payment/log/pollStatus/${victim.pendingExtTranRefId}/${mine.custNo}`),
  ]),
  'POST /payment/log/cancel/{extTranRefId}/{custNo}': cross((victim, mine) => [
    send('POST', `/payment/log/cancel/${victim.pendingExtTranRefId}/${victim.custNo}`),
    send('POST', `/payment/log/cancel/${victim.pendingExtTranRefId}/${mine.custNo}`),
  ]),
  'GET /payment/log/status/{extTranRefId}': cross((victim) => [
    get(`/payment/log/status/${victim.pendingExtTranRefId}`),
  ]),
  'GET /payment/log/summary/{paymentLogId}': cross((victim) => [
    get(`/payment/log/summary/${victim.paymentLogId}`),
  ]),
  'POST /payment/log/receiptPDF': cross((victim, mine) =>
    paymentLogCalls(victim, mine, (custNo, paymentLogId) =>
      send('POST', '/payment/log/receiptPDF', { custNo, paymentLogId }),
    ),
  ),
  'GET /payment/log/receiptPDF': cross((victim, mine) =>
    paymentLogCalls(victim, mine, (custNo, id) =>
      get(`/payment/log/receiptPDF?custNo=${custNo}&paymentLogId=${id}`),
    ),
  ),
  'GET /payment/profiles': own(() => get('/payment/profiles?orderbyexpirationdate=true')),
  'POST /payment/add/': cross((victim) => [
    send('POST', '/payment/add/', { ...BANK_PROFILE, custNo: victim.custNo }),
    send('POST', '/payment/add/', { profileType: 'CREDIT_CARD', custNo: victim.custNo, currency: 'USD' }),
  ]),
  'GET /payment/add/status/{reference}': cross((victim) => [
    get(`/payment/add/status/${victim.cardReference}`),
  ]),
  'POST /payment/updateProfile': cross((victim) => [
    send('POST', '/payment/updateProfile', {
      id: victim.paymentProfileId,
      profileType: 'ECHECK',
      name: 'Taken over',
    }),
  ]),
  'PUT /payment/delete': cross((victim) => [
    send('PUT', `/payment/delete?paymentProfileId=${victim.paymentProfileId}`),
  ]),
  'GET /payment/approvals/policy': cross((victim) => [
    get(`/payment/approvals/policy?custNo=${victim.custNo}&currency=USD`),
  ]),
  'POST /payment/approvals': cross((victim, mine) => [
    send('POST', '/payment/approvals', {
      ...cartBody(victim.custNo, 'USD', victim.invNo),
      paymentType: 'ECHECK',
      paymentProfile: { id: victim.paymentProfileId },
    }),
    send('POST', '/payment/approvals', {
      ...cartBody(mine.custNo, 'USD', mine.invNo),
      paymentType: 'ECHECK',
      paymentProfile: { id: victim.paymentProfileId },
    }),
  ]),
  'GET /payment/approvals': cross((victim) => [
    get(`/payment/approvals?custNo=${victim.custNo}`),
    // Without a customer: the attacker's own customers' approvals (none), never the victim's.
    get('/payment/approvals', true),
  ]),
  'GET /payment/approvals/count': own(() => get('/payment/approvals/count')),
  'POST /payment/approvals/{approvalId}/approve': cross((victim) => [
    send('POST', `/payment/approvals/${victim.approvalId}/approve`),
  ]),
  'POST /payment/approvals/{approvalId}/reject': cross((victim) => [
    send('POST', `/payment/approvals/${victim.approvalId}/reject`, { reason: 'taken over' }),
  ]),
  'POST /payment/makeSilentPayment/{paymentType}': cross((victim, mine) => [
    start('/payment/makeSilentPayment/ECHECK', {
      ...cartBody(mine.custNo, 'USD', mine.invNo),
      paymentProfile: { id: victim.paymentProfileId },
    }),
    start('/payment/makeSilentPayment/ECHECK', {
      ...cartBody(victim.custNo, 'USD', victim.invNo),
      paymentProfile: { id: victim.paymentProfileId },
    }),
  ]),
  'POST /payment/makeOnActSilentPayment/{paymentType}': cross((victim, mine) => [
    start('/payment/makeOnActSilentPayment/ECHECK', {
      ...onAccountBody(mine.custNo, 'USD'),
      paymentProfile: { id: victim.paymentProfileId },
    }),
    start('/payment/makeOnActSilentPayment/ECHECK', {
      ...onAccountBody(victim.custNo, 'USD'),
      paymentProfile: { id: victim.paymentProfileId },
    }),
  ]),
  'GET /payment/autopay/rules': own(() => get('/payment/autopay/rules')),
  'PUT /payment/autopay/rules/{custNo}/{currency}': cross((victim, mine) => [
    send('PUT', `/payment/autopay/rules/${victim.custNo}/USD`, { paymentProfileId: victim.paymentProfileId }),
    // The attacker's own account paid with the victim's saved bank account.
    send('PUT', `/payment/autopay/rules/${mine.custNo}/USD`, { paymentProfileId: victim.paymentProfileId }),
  ]),
  'DELETE /payment/autopay/rules/{custNo}/{currency}': cross((victim) => [
    send('DELETE', `/payment/autopay/rules/${victim.custNo}/USD`),
  ]),
  'GET /payment/autopay/log': cross((victim) => [
    get(`/payment/autopay/log?custNo=${victim.custNo}&currency=USD`),
  ]),
  'GET /payment/autopay/upcoming': own(() => get('/payment/autopay/upcoming')),
  'POST /payment/autopay/skip': cross((victim, mine) => [
    send('POST', '/payment/autopay/skip', { custNo: victim.custNo, currency: 'USD', invNo: victim.invNo }),
    send('POST', '/payment/autopay/skip', { custNo: mine.custNo, currency: 'USD', invNo: victim.invNo }),
  ]),
  ...BEFORE_SIGN_IN_CASES,
  ...INTEGRATION_CASES,
  ...OUTSIDE_SESSION_CASES,
};
