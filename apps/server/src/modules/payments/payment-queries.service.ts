import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import type {
  TPaymentConfig,
  TPaymentFlow,
  TPaymentResult,
  TPaymentSummary,
  TPaymentType,
  TProviderSettings,
  ZCartPaymentsRequest,
} from '@settle/shared/payments';
import { canAddToCart, invoiceFacts, REFUSAL_MESSAGES } from '@settle/shared/rules/invoices';
import { checkCartLinePayment } from '@settle/shared/rules/payments';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AccountsService, LinkedCustomer } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PaymentSettingsService } from './payment-settings.service';
import type { PaymentSettlementService } from './payment-settlement.service';
import { toPaymentResult, toPaymentSummary } from './payment-views';
import * as repository from './payments.repository';

export type PaymentQueriesService = ReturnType<typeof createPaymentQueriesService>;

/**
 * What the payment screens read: configuration and provider settings of the user's customer
 * and currency, the cart checked against the ledger, and payments' status and summary. A
 * payment of a customer the user is not linked to is not found, as one that does not exist.
 */
export function createPaymentQueriesService(
  db: Db,
  deps: {
    accounts: AccountsService;
    invoices: InvoicesService;
    settings: PaymentSettingsService;
    settlement: PaymentSettlementService;
  },
) {
  /** The payment of a customer linked to the user, with that customer (the link is the access check), or 404. */
  async function ownPaymentOf(
    session: SessionContext,
    find: () => Promise<repository.PaymentRow | undefined>,
    custNo?: string,
  ): Promise<{ payment: repository.PaymentRow; customer: LinkedCustomer }> {
    const payment = await find();
    if (!payment || payment.tenantId !== session.tenantId) throw notFound('Payment');
    if (custNo !== undefined && payment.custNo !== custNo) throw notFound('Payment');
    const linked = await deps.accounts.requireCustomer(session.userId, payment.custNo).catch(() => undefined);
    if (!linked || linked.id !== payment.customerId) throw notFound('Payment');
    return { payment, customer: linked };
  }

  /** The payment of a customer linked to the user, or 404. */
  async function ownPayment(
    session: SessionContext,
    find: () => Promise<repository.PaymentRow | undefined>,
    custNo?: string,
  ): Promise<repository.PaymentRow> {
    return (await ownPaymentOf(session, find, custNo)).payment;
  }

  /** A payment's summary and the customer it belongs to, each read once. */
  async function summaryOf(
    session: SessionContext,
    paymentLogId: number,
    custNo?: string,
  ): Promise<{ summary: TPaymentSummary; customer: LinkedCustomer }> {
    const { payment, customer } = await ownPaymentOf(
      session,
      () => repository.findById(db, paymentLogId),
      custNo,
    );
    const [lines, events] = await Promise.all([
      repository.findLines(db, payment.id),
      repository.findEvents(db, payment.id),
    ]);
    return { summary: toPaymentSummary(payment, lines, events), customer };
  }

  return {
    ownPayment,
    summaryOf,

    async config(session: SessionContext, flow: TPaymentFlow, currency: string): Promise<TPaymentConfig> {
      const { currencyCode } = await resolveCustomerScope(deps.accounts, session, { currencyCode: currency });
      return deps.settings.config(session.tenantId, flow, currencyCode);
    },

    async provider(
      session: SessionContext,
      key: { flow: TPaymentFlow; paymentType: TPaymentType; currency: string; amount: string },
    ): Promise<TProviderSettings> {
      const { currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        currencyCode: key.currency,
      });
      return deps.settings.provider(
        { tenantId: session.tenantId, flow: key.flow, paymentType: key.paymentType, currencyCode },
        key.amount,
      );
    },

    /**
     * POST payment/validateCart/{type}/{currency}: every line re-read from the database; the
     * lines whose payment no longer holds are answered with the server's figures and why.
     */
    async validateCart(
      session: SessionContext,
      currency: string,
      request: z.output<typeof ZCartPaymentsRequest>,
    ) {
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: request.custNo,
        currencyCode: currency,
      });
      const rows = await deps.invoices.findRows(
        session,
        customer.id,
        request.payments.map((line) => line.invNo),
      );
      const changed: Array<{
        invNo: string;
        balance: string;
        disputed: string;
        payment: string;
        reason: string;
      }> = [];
      for (const line of request.payments) {
        const candidates = rows.filter(
          (row) => row.invNo === line.invNo && row.tranCurrencyCode === currencyCode,
        );
        const row = candidates.find((candidate) => candidate.status === 'O') ?? candidates[0];
        if (!row) {
          changed.push({
            invNo: line.invNo,
            balance: '0.00',
            disputed: '0.00',
            payment: '0.00',
            reason: 'Not found in this account.',
          });
          continue;
        }
        const balance = fromMinorUnits(toMinorUnits(row.balance));
        const disputed = fromMinorUnits(toMinorUnits(row.disputeAmount));
        const payable = fromMinorUnits(toMinorUnits(row.balance) - toMinorUnits(row.disputeAmount));
        const rule = canAddToCart(invoiceFacts({ ...row, inCart: false }), session.roles);
        if (!rule.allowed) {
          changed.push({
            invNo: line.invNo,
            balance,
            disputed,
            payment: payable,
            reason: REFUSAL_MESSAGES[rule.reason],
          });
          continue;
        }
        const check = checkCartLinePayment({
          balance,
          disputed,
          payment: line.payment,
          shortPayReason: line.shortPayReason,
        });
        if (!check.ok)
          changed.push({ invNo: line.invNo, balance, disputed, payment: payable, reason: check.message });
      }
      return { valid: changed.length === 0, changed };
    },

    /**
     * GET payment/log/pollStatus/{extTranRefId}/{custNo}: while PENDING, the provider is asked
     * and the payment settled from its answer (the notification may not have arrived yet).
     */
    async pollStatus(session: SessionContext, extTranRefId: string, custNo: string): Promise<TPaymentResult> {
      await deps.accounts.requireCustomer(session.userId, custNo);
      const payment = await ownPayment(session, () => repository.findByExtRef(db, extTranRefId), custNo);
      const after = await deps.settlement.refresh(payment, 'STATUS_QUERY');
      return toPaymentResult(after);
    },

    /** POST payment/log/cancel/{extTranRefId}/{custNo}: the window was closed by hand; free the invoices. */
    async cancel(session: SessionContext, extTranRefId: string, custNo: string): Promise<TPaymentResult> {
      await deps.accounts.requireCustomer(session.userId, custNo);
      const payment = await ownPayment(session, () => repository.findByExtRef(db, extTranRefId), custNo);
      return toPaymentResult(await deps.settlement.giveUp(payment));
    },

    /** GET payment/log/status/{extTranRefId}: true once the payment has an outcome. */
    async status(session: SessionContext, extTranRefId: string) {
      const payment = await ownPayment(session, () => repository.findByExtRef(db, extTranRefId));
      return { status: payment.status !== 'PENDING' };
    },

    async summary(session: SessionContext, paymentLogId: number, custNo?: string): Promise<TPaymentSummary> {
      return (await summaryOf(session, paymentLogId, custNo)).summary;
    },
  };
}
