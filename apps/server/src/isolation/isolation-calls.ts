import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { SealPurpose } from '../lib/sealed-values';

/** What the suite knows of one victim (a customer the attacker must never reach). */
export type Victim = {
  label: string;
  customerId: number;
  userId: number;
  invoiceId: number;
  custNo: string;
  currencyCode: string;
  loginName: string;
  email: string;
  smsPhone: string;
  tenantId: number;
  /** The victim's tenant (its login page's solutionInstanceGuid). */
  tenantGuid: string;
  invNo: string;
  tranId: string;
  probNo: number;
  disputeId: number;
  attachmentId: number;
  uploadUuid: string;
  savedSearchId: number;
  /** A currency only the victim's account holds (the attacker's has USD alone). */
  ownCurrencyOnly: string;
  /** A settled payment of the victim's (payment log id) and a pending one (its provider reference). */
  paymentLogId: number;
  pendingExtTranRefId: string;
  /** A saved bank account of the victim's user, and the reference of a card being saved at the provider. */
  paymentProfileId: number;
  cardReference: string;
  /** A cart of the victim's waiting for approval (issue 18). */
  approvalId: number;
  /** A passkey of the victim's user, its credential id, and one of the user's unspent recovery codes. */
  passkeyId: number;
  credentialId: string;
  recoveryCode: string;
  /** A contact of the victim's customer who has not registered yet. */
  contactId: number;
  /** The victim tenant's integration objects: only for a victim of another tenant than the attacker's. */
  integration?: { webhookId: number; deliveryId: number; nachaFileId: number };
};

/** The attacker's own identifiers, for calls that mix them with a victim's. */
export type Own = {
  custNo: string;
  invNo: string;
  customerId: number;
  /** An unregistered contact of the attacker's customer (its registration link is the attacker's). */
  contactId: number;
  /** Codes emailed to the attacker's own users: an activation (user not yet active) and a password reset. */
  activationCode: string;
  resetCode: string;
};

export type IsolationCall = Pick<InjectOptions, 'method' | 'payload' | 'headers'> & {
  url: string;
  /** A 2xx is a correct answer here (a search that finds nothing, the attacker's own data): only leaks count. */
  mayAnswer?: boolean;
  /** The refusal expected exactly (status, and the error code when one is given). */
  refusal?: { status: number; code?: string };
  /**
   * The same call with a name nobody has: the answer (status and body) must be the same, so that it
   * tells nothing of the victim (the specification's "answered alike for every login name").
   */
  alike?: IsolationCall;
};

/** Whatever sends a call: a browser with cookies (TestClient) or a system with an API key. */
export type Caller = {
  request: (options: InjectOptions & { csrf?: boolean }) => Promise<LightMyRequestResponse>;
};

/**
 * Who makes a case's calls:
 * - session: the attacker, signed in (the default);
 * - anonymous: a browser before sign-in (the XSRF cookie, no session), new for each victim;
 * - pending: the attacker's colleague half signed in (password passed, sign-in code pending), new for each victim;
 * - apiKey: the attacker tenant's integration key (no cookies, no CSRF), against victims of another tenant;
 * - production: a browser against the same database served with the development aids off (DEV_OUTBOX=false).
 */
export type CallerKind = 'session' | 'anonymous' | 'pending' | 'apiKey' | 'production';

/** What the generators of the calls before sign-in may use (the suite owns the keys, as the server does). */
export type AttackKit = {
  /** The caller the suite made for this case and victim: a generator may make calls of its own first. */
  client: Caller;
  /** A value sealed as the server seals link parameters (a link of the victim's, as a mail would carry it). */
  seal: (purpose: SealPurpose, value: string) => string;
  /** A fresh captcha's id and answer, read where the development aid keeps it. */
  captcha: () => Promise<{ captchaId: string; captchaAnswer: string }>;
  /** The attacker's own sign-on at a single-sign-on tenant with the provider account named like the victim. */
  signOnAs: (login: string) => Promise<{ code: string; state: string; iss?: string }>;
  /** The payment provider's name, and its notification headers for a body, signed with its secret or a guessed one. */
  notifications: {
    provider: string;
    sign: (body: string, secret: 'genuine' | 'guessed') => Record<string, string>;
  };
};

/**
 * One entry per route and method of the OpenAPI document:
 * - `cross`: the calls that carry the victim's identifiers (path, query, body); each must be
 *   refused (4xx) unless marked mayAnswer, and none may show or change the victim's data;
 * - `own`: a route that takes no identifier of another customer; called once as the attacker.
 * A route of the document without an entry fails the suite: a new route brings its entry.
 */
export type IsolationCase =
  | {
      kind: 'cross';
      calls: (victim: Victim, own: Own, kit: AttackKit) => IsolationCall[] | Promise<IsolationCall[]>;
      as?: CallerKind;
      /** Without CSRF by design: a link signed for one user is the credential (the CSRF check expects INVALID_LINK). */
      signedLinkNotCsrf?: true;
      /** Without CSRF by design: the provider's notification, trusted by its signature alone. */
      signedNotCsrf?: true;
      /**
       * What the call does to the victim by design, and why (the victim's own rows in these tables may
       * change, nothing else may): sending the owner of a login the recovery email, for instance.
       */
      byDesign?: { tables: string[]; why: string };
    }
  | { kind: 'own'; call: (own: Own) => IsolationCall; session?: 'throwaway' };

type CrossCase = Extract<IsolationCase, { kind: 'cross' }>;
export const cross = (
  calls: CrossCase['calls'],
  as?: CallerKind,
  extra: Pick<CrossCase, 'byDesign' | 'signedNotCsrf' | 'signedLinkNotCsrf'> = {},
): IsolationCase => ({ kind: 'cross', calls, ...(as ? { as } : {}), ...extra });
export const own = (call: (own: Own) => IsolationCall, session?: 'throwaway'): IsolationCase => ({
  kind: 'own',
  call,
  ...(session ? { session } : {}),
});
export const get = (url: string, mayAnswer?: boolean): IsolationCall => ({ method: 'GET', url, mayAnswer });
export const send = (method: string, url: string, payload?: unknown, mayAnswer?: boolean): IsolationCall => ({
  method,
  url,
  payload: payload as InjectOptions['payload'],
  mayAnswer,
});
/** A refusal with its exact status and code, so that the test fails if another check refuses instead. */
export const refused = (call: IsolationCall, status: number, code?: string): IsolationCall => ({
  ...call,
  refusal: { status, ...(code ? { code } : {}) },
});
