import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER } from '@settle/shared/payments';
import { Privilege, type TPrivilege } from '@settle/shared/privileges';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userCustomers } from '../db/schema/users';
import { buildCartLines, buildUser } from '../test/factories';
import type { IsolationCall } from './isolation-calls';

/** What a case may set up before its call, for the payer and the privileged user alike. */
export type PrivilegeSetup = {
  db: Db;
  customer: { id: number; tenantId: number; custNo: string };
  userId: number;
  invoiceId: number;
  setThreshold: (input: {
    tenantId: number;
    customerId: number;
    currencyCode: string;
    threshold: string;
  }) => Promise<void>;
};

/** The caller's own customer and one of its open invoices (not in a cart). */
export type PayerOwn = { custNo: string; invNo: string; paymentProfileId: number };

/**
 * The specification's section 6 on the state-changing payment routes (every non-GET route under
 * /payment): either it needs a privilege (a user without it is refused 403 and nothing changes,
 * a user with it succeeds with the same call), or it is open to every signed-in user, with why.
 * A new state-changing /payment route without an entry fails privileges.test.ts.
 */
export type PrivilegeCase =
  | {
      kind: 'requires';
      privilege: TPrivilege;
      call: (own: PayerOwn) => IsolationCall;
      /**
       * How the server refuses: 403 with the reason, or (add to cart, section 7) 200 with every
       * invoice in notAdded and the reason on the line, as the cart answers a partly refused add.
       */
      refusal?: 'forbidden' | 'notAdded';
      prepare?: (setup: PrivilegeSetup) => Promise<void>;
    }
  | { kind: 'open'; reason: string };

const requiresPay = (
  call: (own: PayerOwn) => IsolationCall,
  refusal: 'forbidden' | 'notAdded' = 'forbidden',
  prepare?: (setup: PrivilegeSetup) => Promise<void>,
): PrivilegeCase => ({ kind: 'requires', privilege: Privilege.ALLOW_PAY, call, refusal, prepare });
const open = (reason: string): PrivilegeCase => ({ kind: 'open', reason });

/** A threshold below the invoice, a colleague who approves, and the invoice in the payer's cart. */
async function approvalSetUp(setup: PrivilegeSetup) {
  await setup.setThreshold({
    tenantId: setup.customer.tenantId,
    customerId: setup.customer.id,
    currencyCode: 'USD',
    threshold: '50.00',
  });
  const colleague = await buildUser(setup.db, setup.customer.tenantId, {
    customers: [{ id: setup.customer.id }],
  });
  await setup.db.update(userCustomers).set({ approver: true }).where(eq(userCustomers.userId, colleague.id));
  await buildCartLines(setup.db, { userId: setup.userId, customer: setup.customer }, [setup.invoiceId]);
}
const start = (url: string, payload: unknown): IsolationCall => ({
  method: 'POST',
  url,
  payload: payload as IsolationCall['payload'],
  headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
});
const ECHECK_ACCOUNT = {
  name: 'Pat Payer',
  accountType: 'Checking',
  routingNumber: '011000015',
  accountNumber: '123456789',
  checkNumber: '',
};
const cart = (own: PayerOwn) => ({
  custNo: own.custNo,
  currency: 'USD',
  payments: [{ invNo: own.invNo, payment: '100.00' }],
});
const onAccount = (own: PayerOwn) => ({ custNo: own.custNo, currency: 'USD', amount: '25.00' });

const TAKES_OUT =
  'takes invoices out of the cart: leaves nothing payable that was not, so every user may tidy their own cart';
const OWN_GRID = "the user's own grid columns, no money involved";

export const PAYMENT_PRIVILEGE_CASES: Record<string, PrivilegeCase> = {
  'POST /payment/approvals': requiresPay(
    (own) => ({
      method: 'POST',
      url: '/payment/approvals',
      payload: { ...cart(own), paymentType: 'ECHECK', paymentProfile: { id: own.paymentProfileId } },
    }),
    'forbidden',
    approvalSetUp,
  ),
  'POST /payment/approvals/{approvalId}/approve': open(
    "decided by the approver flag of the user-customer link, not ALLOW_PAY; the payment runs with the submitter's privileges (payment-approvals.routes.test.ts)",
  ),
  'POST /payment/approvals/{approvalId}/reject': open(
    'decided by the approver flag of the user-customer link; pays nothing, unlocks the cart (payment-approvals.routes.test.ts)',
  ),
  'POST /payment/cart/add': requiresPay(
    (own) => ({
      method: 'POST',
      url: '/payment/cart/add',
      payload: { custNo: own.custNo, currencyCode: 'USD', invNo: [own.invNo] },
    }),
    'notAdded',
  ),
  'POST /payment/syncPaymentCart/{custNo}': open(
    "reads the user's own cart against the ledger; it only drops lines that stopped being payable",
  ),
  'POST /payment/hpp/{paymentType}': requiresPay((own) => start('/payment/hpp/CREDIT_CARD', cart(own))),
  'POST /payment/hppOnAccount/{paymentType}': requiresPay((own) =>
    start('/payment/hppOnAccount/CREDIT_CARD', onAccount(own)),
  ),
  'POST /payment/makePayment/{paymentType}': requiresPay((own) =>
    start('/payment/makePayment/ECHECK', { ...cart(own), paymentAccount: ECHECK_ACCOUNT }),
  ),
  'POST /payment/makePaymentOnAccount/{paymentType}': requiresPay((own) =>
    start('/payment/makePaymentOnAccount/ECHECK', { ...onAccount(own), paymentAccount: ECHECK_ACCOUNT }),
  ),
  'POST /payment/add/': requiresPay((own) => ({
    method: 'POST',
    url: '/payment/add/',
    payload: {
      profileType: 'ECHECK',
      custNo: own.custNo,
      name: 'Pat Payer',
      accountType: 'Savings',
      routingNum: '011000015',
      accountNum: '55554444',
    },
  })),
  'POST /payment/updateProfile': requiresPay((own) => ({
    method: 'POST',
    url: '/payment/updateProfile',
    payload: { id: own.paymentProfileId, profileType: 'ECHECK', name: 'Pat Q. Payer' },
  })),
  'PUT /payment/delete': requiresPay((own) => ({
    method: 'PUT',
    url: `/payment/delete?paymentProfileId=${own.paymentProfileId}`,
  })),
  'POST /payment/makeSilentPayment/{paymentType}': requiresPay((own) =>
    start('/payment/makeSilentPayment/ECHECK', {
      ...cart(own),
      paymentProfile: { id: own.paymentProfileId },
    }),
  ),
  'POST /payment/makeOnActSilentPayment/{paymentType}': requiresPay((own) =>
    start('/payment/makeOnActSilentPayment/ECHECK', {
      ...onAccount(own),
      paymentProfile: { id: own.paymentProfileId },
    }),
  ),
  'PUT /payment/autopay/rules/{custNo}/{currency}': requiresPay((own) => ({
    method: 'PUT',
    url: `/payment/autopay/rules/${own.custNo}/USD`,
    payload: { paymentProfileId: own.paymentProfileId, daysBefore: 1 },
  })),
  'DELETE /payment/autopay/rules/{custNo}/{currency}': open(
    'turns autopay off: moves no money, so a user whose pay privilege was withdrawn can still stop a rule of theirs',
  ),
  'POST /payment/autopay/skip': open(
    'keeps autopay from paying one invoice of a rule of the user: moves no money',
  ),
  'POST /payment/cart/remove': open(TAKES_OUT),
  'DELETE /payment/cart': open(TAKES_OUT),
  'POST /payment/validateCart/{type}/{currency}': open('reads the ledger, changes nothing'),
  'POST /payment/log/receiptPDF': open('reads a receipt (POST for the body), changes nothing'),
  'POST /payment/log/cancel/{extTranRefId}/{custNo}': open(
    'gives up a checkout already started by a payer of the customer: frees the invoices, moves no money',
  ),
  'POST /payment/log/columns': open(OWN_GRID),
  'PUT /payment/log/columns': open(OWN_GRID),
  'DELETE /payment/log/columns': open(OWN_GRID),
  'POST /payment/notifications/{provider}': open(
    'the provider, not a user: no session, verified by its signature',
  ),
};
