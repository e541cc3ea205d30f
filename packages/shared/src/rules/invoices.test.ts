import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../money';
import { ALL_PRIVILEGES, Privilege } from '../privileges';
import {
  canAddToCart,
  canDispute,
  canPromise,
  canRemovePromise,
  cartPaymentMinor,
  type InvoiceFacts,
  invoiceFacts,
  REFUSAL_MESSAGES,
  type RefusalReason,
  type RuleResult,
} from './invoices';

type Rule = (invoice: InvoiceFacts, roles: readonly string[]) => RuleResult;

/** Open, with a balance, nothing disputed, pending, promised or in the cart. */
const OPEN: InvoiceFacts = {
  status: 'O',
  balance: '100.00',
  disputeAmount: '0.00',
  paymentPending: false,
  promise: false,
  inCart: false,
};

/** A refusal case: the one fact (or role list) that differs from an allowed case, and the reason it must give. */
interface Branch {
  name: string;
  invoice?: Partial<InvoiceFacts>;
  roles?: readonly string[];
  reason: RefusalReason;
}

/** A rule's conditions in the order it reports them: the tooltip names the first unmet one. */
interface Condition {
  reason: RefusalReason;
  unmet: (invoice: InvoiceFacts, roles: readonly string[]) => boolean;
}

interface RuleCase {
  name: string;
  rule: Rule;
  allowed: { invoice: InvoiceFacts; roles: readonly string[] };
  branches: Branch[];
  conditions: Condition[];
}

const lacks = (privilege: string) => (_: InvoiceFacts, roles: readonly string[]) =>
  !roles.includes(privilege);
const balanceOf = (invoice: InvoiceFacts) => toMinorUnits(invoice.balance);
const disputedOf = (invoice: InvoiceFacts) => toMinorUnits(invoice.disputeAmount);
const isClosed = (invoice: InvoiceFacts) => invoice.status !== 'O';

/** The specification's conditions (000 §5 and §6), written as data rather than as the rules' code. */
const RULES: RuleCase[] = [
  {
    name: 'canAddToCart',
    rule: canAddToCart,
    allowed: { invoice: OPEN, roles: [Privilege.ALLOW_PAY] },
    branches: [
      { name: 'without the pay privilege', roles: [], reason: 'NO_PERMISSION' },
      { name: 'closed', invoice: { status: 'C' }, reason: 'CLOSED' },
      { name: 'with a zero balance', invoice: { balance: '0.00' }, reason: 'ZERO_BALANCE' },
      { name: 'with a balance that rounds to zero', invoice: { balance: '0.004' }, reason: 'ZERO_BALANCE' },
      { name: 'fully disputed', invoice: { disputeAmount: '100.00' }, reason: 'FULLY_DISPUTED' },
      { name: 'disputed beyond its balance', invoice: { disputeAmount: '150.00' }, reason: 'FULLY_DISPUTED' },
      { name: 'already in the cart', invoice: { inCart: true }, reason: 'IN_CART' },
      { name: 'with a payment pending', invoice: { paymentPending: true }, reason: 'PAYMENT_PENDING' },
      {
        name: 'a credit without the credit-adjustment privilege',
        invoice: { balance: '-25.00' },
        reason: 'NO_CREDIT_ADJ_PERMISSION',
      },
      {
        name: 'partly disputed without the dispute-view privilege',
        invoice: { disputeAmount: '40.00' },
        reason: 'NO_DISPUTE_VIEW_PERMISSION',
      },
    ],
    conditions: [
      { reason: 'NO_PERMISSION', unmet: lacks(Privilege.ALLOW_PAY) },
      { reason: 'CLOSED', unmet: isClosed },
      { reason: 'ZERO_BALANCE', unmet: (invoice) => balanceOf(invoice) === 0 },
      {
        reason: 'FULLY_DISPUTED',
        unmet: (invoice) => balanceOf(invoice) > 0 && disputedOf(invoice) >= balanceOf(invoice),
      },
      { reason: 'IN_CART', unmet: (invoice) => invoice.inCart },
      { reason: 'PAYMENT_PENDING', unmet: (invoice) => invoice.paymentPending },
      {
        reason: 'NO_CREDIT_ADJ_PERMISSION',
        unmet: (invoice, roles) =>
          balanceOf(invoice) <= 0 && lacks(Privilege.ALLOW_CREDIT_ADJ)(invoice, roles),
      },
      {
        reason: 'NO_DISPUTE_VIEW_PERMISSION',
        unmet: (invoice, roles) =>
          disputedOf(invoice) > 0 && lacks(Privilege.ALLOW_PROB_VIEW)(invoice, roles),
      },
    ],
  },
  {
    name: 'canPromise',
    rule: canPromise,
    allowed: { invoice: OPEN, roles: [Privilege.ALLOW_PROMISE_TO_PAY] },
    branches: [
      { name: 'without the promise privilege', roles: [Privilege.ALLOW_PAY], reason: 'NO_PERMISSION' },
      { name: 'closed', invoice: { status: 'C' }, reason: 'CLOSED' },
      { name: 'with a zero balance', invoice: { balance: '0.00' }, reason: 'ZERO_BALANCE' },
      { name: 'with a payment pending', invoice: { paymentPending: true }, reason: 'PAYMENT_PENDING' },
      { name: 'in the cart', invoice: { inCart: true }, reason: 'IN_CART' },
      { name: 'already promised', invoice: { promise: true }, reason: 'PROMISED' },
    ],
    conditions: [
      { reason: 'NO_PERMISSION', unmet: lacks(Privilege.ALLOW_PROMISE_TO_PAY) },
      { reason: 'CLOSED', unmet: isClosed },
      { reason: 'ZERO_BALANCE', unmet: (invoice) => balanceOf(invoice) === 0 },
      { reason: 'PAYMENT_PENDING', unmet: (invoice) => invoice.paymentPending },
      { reason: 'IN_CART', unmet: (invoice) => invoice.inCart },
      { reason: 'PROMISED', unmet: (invoice) => invoice.promise },
    ],
  },
  {
    name: 'canRemovePromise',
    rule: canRemovePromise,
    allowed: { invoice: { ...OPEN, promise: true }, roles: [Privilege.ALLOW_PROMISE_TO_PAY] },
    branches: [
      { name: 'without the promise privilege', roles: [], reason: 'NO_PERMISSION' },
      { name: 'closed', invoice: { status: 'C' }, reason: 'CLOSED' },
      { name: 'not promised', invoice: { promise: false }, reason: 'NOT_PROMISED' },
      { name: 'with a payment pending', invoice: { paymentPending: true }, reason: 'PAYMENT_PENDING' },
      { name: 'in the cart', invoice: { inCart: true }, reason: 'IN_CART' },
    ],
    conditions: [
      { reason: 'NO_PERMISSION', unmet: lacks(Privilege.ALLOW_PROMISE_TO_PAY) },
      { reason: 'CLOSED', unmet: isClosed },
      { reason: 'NOT_PROMISED', unmet: (invoice) => !invoice.promise },
      { reason: 'PAYMENT_PENDING', unmet: (invoice) => invoice.paymentPending },
      { reason: 'IN_CART', unmet: (invoice) => invoice.inCart },
    ],
  },
  {
    name: 'canDispute',
    rule: canDispute,
    allowed: { invoice: OPEN, roles: [Privilege.ALLOW_PROB] },
    branches: [
      { name: 'without the dispute privilege', roles: [Privilege.ALLOW_CUST_PROB], reason: 'NO_PERMISSION' },
      { name: 'closed', invoice: { status: 'C' }, reason: 'CLOSED' },
      { name: 'with a zero balance', invoice: { balance: '0.00' }, reason: 'ZERO_BALANCE' },
      { name: 'a credit', invoice: { balance: '-0.01' }, reason: 'CREDIT' },
      { name: 'with a payment pending', invoice: { paymentPending: true }, reason: 'PAYMENT_PENDING' },
      { name: 'promised', invoice: { promise: true }, reason: 'PROMISED' },
      { name: 'in the cart', invoice: { inCart: true }, reason: 'IN_CART' },
    ],
    conditions: [
      { reason: 'NO_PERMISSION', unmet: lacks(Privilege.ALLOW_PROB) },
      { reason: 'CLOSED', unmet: isClosed },
      { reason: 'ZERO_BALANCE', unmet: (invoice) => balanceOf(invoice) === 0 },
      { reason: 'CREDIT', unmet: (invoice) => balanceOf(invoice) < 0 },
      { reason: 'PAYMENT_PENDING', unmet: (invoice) => invoice.paymentPending },
      { reason: 'PROMISED', unmet: (invoice) => invoice.promise },
      { reason: 'IN_CART', unmet: (invoice) => invoice.inCart },
    ],
  },
];

/** Amounts around the rules' edges: zero, credits, sub-cent remainders, and disputes equal to the balance. */
const amountText = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom('0.00', '0', '-0.00', '0.004', '-0.004', '0.005', '100.00', '-25.00'),
  },
  { weight: 3, arbitrary: fc.integer({ min: -50_000, max: 50_000 }).map(fromMinorUnits) },
);

/** Mostly true: each condition is then often the only unmet one, so that every branch gets exercised. */
const mostly = (value: boolean) =>
  fc.oneof({ weight: 4, arbitrary: fc.constant(value) }, fc.constant(!value));

const facts: fc.Arbitrary<InvoiceFacts> = fc
  .record({
    status: fc.oneof({ weight: 4, arbitrary: fc.constant('O' as const) }, fc.constant('C' as const)),
    balance: amountText,
    dispute: fc.constantFrom('none', 'part', 'all', 'any'),
    anyAmount: amountText,
    paymentPending: mostly(false),
    promise: fc.boolean(),
    inCart: mostly(false),
  })
  .map(({ dispute, anyAmount, ...invoice }) => {
    const half = fromMinorUnits(Math.trunc(toMinorUnits(invoice.balance) / 2));
    const disputeAmount = { none: '0.00', part: half, all: invoice.balance, any: anyAmount }[dispute];
    return { ...invoice, disputeAmount };
  });

const roles = fc
  .tuple(...ALL_PRIVILEGES.map((privilege) => mostly(true).map((held) => (held ? [privilege] : []))))
  .map((held) => [...held.flat(), 'TR_USER.UNKNOWN']);

function expectedResult(rule: RuleCase, invoice: InvoiceFacts, userRoles: readonly string[]): RuleResult {
  const first = rule.conditions.find((condition) => condition.unmet(invoice, userRoles));
  return first ? { allowed: false, reason: first.reason } : { allowed: true };
}

describe.each(RULES)('$name', (rule) => {
  it('allows the case that meets every condition', () => {
    expect(rule.rule(rule.allowed.invoice, rule.allowed.roles)).toEqual({ allowed: true });
  });

  it.each(rule.branches)('refuses an invoice $name with $reason', (branch) => {
    const invoice = { ...rule.allowed.invoice, ...branch.invoice };
    const userRoles = branch.roles ?? rule.allowed.roles;
    expect(rule.rule(invoice, userRoles)).toEqual({ allowed: false, reason: branch.reason });
  });

  it('covers every reason it can give with a branch of its own', () => {
    const tested = new Set(rule.branches.map((branch) => branch.reason));
    expect(
      rule.conditions.map((condition) => condition.reason).filter((reason) => !tested.has(reason)),
    ).toEqual([]);
  });

  it('refuses for the first unmet condition of the specification, and allows when none is unmet', () => {
    fc.assert(
      fc.property(facts, roles, (invoice, userRoles) => {
        expect(rule.rule(invoice, userRoles)).toEqual(expectedResult(rule, invoice, userRoles));
      }),
      { numRuns: 1000 },
    );
  });

  it('is exercised by the generated cases in every outcome, so that the property above means something', () => {
    const cases = fc.sample(fc.tuple(facts, roles), { numRuns: 4000, seed: 20260430 });
    const seen = new Map<string, number>();
    for (const [invoice, userRoles] of cases) {
      const result = expectedResult(rule, invoice, userRoles);
      const outcome = result.allowed ? 'allowed' : result.reason;
      seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
    }
    for (const outcome of ['allowed', ...rule.conditions.map((condition) => condition.reason)]) {
      expect(seen.get(outcome) ?? 0, outcome).toBeGreaterThanOrEqual(25);
    }
  });

  it('still allows when the user has one more privilege', () => {
    fc.assert(
      fc.property(facts, roles, fc.constantFrom(...ALL_PRIVILEGES), (invoice, userRoles, extra) => {
        const before = rule.rule(invoice, userRoles);
        const after = rule.rule(invoice, [...userRoles, extra]);
        if (before.allowed) expect(after).toEqual({ allowed: true });
      }),
      { numRuns: 500 },
    );
  });
});

describe('the rules together', () => {
  const everyPrivilege = [...ALL_PRIVILEGES];

  it('never offers both promise and remove promise for one invoice', () => {
    fc.assert(
      fc.property(facts, (invoice) => {
        const promise = canPromise(invoice, everyPrivilege).allowed;
        const remove = canRemovePromise(invoice, everyPrivilege).allowed;
        expect(promise && remove).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('refuses every action on an invoice with a payment pending, so that nobody acts on it twice', () => {
    fc.assert(
      fc.property(facts, (invoice) => {
        const pending = { ...invoice, paymentPending: true };
        for (const rule of [canAddToCart, canPromise, canRemovePromise, canDispute]) {
          expect(rule(pending, everyPrivilege).allowed).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('puts an invoice with a balance due into the cart only with something left to pay', () => {
    fc.assert(
      fc.property(facts, (invoice) => {
        const allowed = canAddToCart(invoice, everyPrivilege).allowed;
        if (allowed && balanceOf(invoice) > 0) expect(cartPaymentMinor(invoice)).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('gives each reason its own message', () => {
    const messages = Object.values(REFUSAL_MESSAGES);
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) expect(message.trim()).not.toBe('');
  });
});

describe('cartPaymentMinor', () => {
  it('pays the balance minus the disputed amount, in cents', () => {
    expect(cartPaymentMinor({ balance: '100.00', disputeAmount: '25.50' })).toBe(7450);
    expect(cartPaymentMinor({ balance: '100.00', disputeAmount: '0.00' })).toBe(10_000);
    expect(cartPaymentMinor({ balance: '-25.00', disputeAmount: '0' })).toBe(-2500);
  });

  it('rounds each amount to cents before subtracting', () => {
    expect(cartPaymentMinor({ balance: '10.005', disputeAmount: '0.004' })).toBe(1001);
  });

  it('is the exact difference of any two amounts in cents', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: -1e12, max: 1e12 }),
        (balance, disputed) => {
          expect(
            cartPaymentMinor({ balance: fromMinorUnits(balance), disputeAmount: fromMinorUnits(disputed) }),
          ).toBe(balance - disputed);
        },
      ),
    );
  });
});

describe('invoiceFacts', () => {
  it("reads the contract's text flags as booleans and keeps the rest", () => {
    const row = {
      status: 'O' as const,
      balance: '12.00',
      disputeAmount: '1.00',
      paymentPending: 'true' as const,
      promise: 'false' as const,
      inCart: true,
    };
    expect(invoiceFacts(row)).toEqual({
      status: 'O',
      balance: '12.00',
      disputeAmount: '1.00',
      paymentPending: true,
      promise: false,
      inCart: true,
    });
    expect(invoiceFacts({ ...row, paymentPending: 'false', promise: 'true', inCart: false })).toMatchObject({
      paymentPending: false,
      promise: true,
      inCart: false,
    });
  });
});
