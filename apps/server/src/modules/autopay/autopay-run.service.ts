import { addDays } from '@settle/shared/calendar-date';
import { fromMinorUnits } from '@settle/shared/money';
import { decideAutopay } from '@settle/shared/rules/autopay';
import type { CourierLogger } from '../../adapters/courier-messages';
import type { EmailCourier } from '../../adapters/email/email-courier';
import { renderEmail, templateLanguage } from '../../adapters/email/email-templates';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext, SessionService } from '../auth/session.service';
import type { PaymentProfilesService } from '../payment-profiles/payment-profiles.service';
import * as repository from './autopay.repository';

export type AutopayRunService = ReturnType<typeof createAutopayRunService>;

export type RuleOutcome = 'PAID' | 'PENDING' | 'FAILED' | 'NOTHING_DUE' | 'ALREADY_RAN';

/** Thrown by the payment's guard when the rule's day is already claimed: nothing is paid twice. */
class AlreadyRanError extends Error {}

/** Why a day failed, in the words of the user's language (the email) and as a code (the log). */
const FAILURE_TEXTS: Record<string, { en: string; fr: string }> = {
  Declined: { en: 'the card was declined', fr: 'la carte a été refusée' },
  ExpirationDateIncorrect: {
    en: 'the card expiration date is incorrect',
    fr: "la date d'expiration de la carte est incorrecte",
  },
  PROFILE_CARD_EXPIRED: { en: 'the saved card has expired', fr: 'la carte enregistrée a expiré' },
  NOT_FOUND: {
    en: 'the saved payment method is no longer available',
    fr: "le moyen de paiement enregistré n'est plus disponible",
  },
  PAYMENT_FORBIDDEN: {
    en: 'you no longer have permission to pay',
    fr: "vous n'avez plus l'autorisation de payer",
  },
  USER_INACTIVE: { en: 'your account is deactivated', fr: 'votre compte est désactivé' },
};
const OTHER_FAILURE = { en: 'the payment failed', fr: 'le paiement a échoué' };

/**
 * The autopay job's work for one day: each active rule pays its due invoices in one payment,
 * through the same exactly-once path as a person paying with a saved profile (makeSilentPayment),
 * with the idempotency key autopay:{rule}:{day}. The rule's day is claimed by the primary key of
 * autopay_runs inside the payment's transaction, so a retry, a second run of the day or a second
 * process never pays twice; the receipt email goes out as for any payment.
 */
export function createAutopayRunService(
  db: Db,
  deps: {
    accounts: AccountsService;
    sessions: SessionService;
    paymentProfiles: PaymentProfilesService;
    email: EmailCourier;
    logger: CourierLogger;
    origin: string;
  },
) {
  async function notifyFailure(
    session: SessionContext | null,
    rule: repository.RuleRow,
    code: string,
    after: repository.RuleRow | undefined,
  ) {
    const email = session?.user.email;
    if (!session || !email || !after) return;
    const language = templateLanguage(session.user.language);
    const customer = await deps.accounts.requireCustomer(session.userId, rule.custNo).catch(() => null);
    const rendered = renderEmail('autopayFailed', language, {
      firstName: session.user.firstName || session.user.loginName,
      appName: 'Settle',
      company: customer?.company ?? rule.custNo,
      custNo: rule.custNo,
      currencyCode: rule.currencyCode,
      reason: (FAILURE_TEXTS[code] ?? OTHER_FAILURE)[language],
      stopped: after.status === 'STOPPED',
      triesLeft: Math.max(0, after.maxFailures - after.failures),
    });
    await deps.email
      .send({ tenantId: rule.tenantId, to: email, ...rendered })
      .catch((error: Error) =>
        deps.logger.error({ err: error, ruleId: rule.id }, 'autopay failure email not sent'),
      );
  }

  /** A failed day, counted once: the rule stops at its number of tries, and the user is told. */
  async function fail(
    session: SessionContext | null,
    rule: repository.RuleRow,
    day: string,
    code: string,
    paymentId: number | null,
    /** The day's row is this run's already (the payment's transaction committed it). */
    ownsRun = paymentId !== null,
  ): Promise<RuleOutcome> {
    if (!ownsRun) {
      const claimed = await repository.claimRun(db, {
        ruleId: rule.id,
        runDate: day,
        customerId: rule.customerId,
        status: 'FAILED',
      });
      if (!claimed) return 'ALREADY_RAN';
    } else {
      await repository.updateRun(db, { ruleId: rule.id, runDate: day }, { status: 'FAILED', paymentId });
    }
    const after = await repository.countFailure(db, rule.id, code);
    const base = {
      tenantId: rule.tenantId,
      customerId: rule.customerId,
      userId: rule.userId,
      ruleId: rule.id,
    };
    await repository.insertLog(db, [
      {
        ...base,
        currencyCode: rule.currencyCode,
        runDate: day,
        kind: 'FAILED',
        reason: code,
        paymentId,
        onceKey: `${rule.id}:${day}:FAILED`,
      },
      ...(after?.status === 'STOPPED'
        ? [
            {
              ...base,
              currencyCode: rule.currencyCode,
              runDate: day,
              kind: 'STOPPED' as const,
              reason: code,
              onceKey: `${rule.id}:${day}:STOPPED`,
            },
          ]
        : []),
    ]);
    await notifyFailure(session, rule, code, after);
    return 'FAILED';
  }

  async function runRule(rule: repository.RuleRow, day: string): Promise<RuleOutcome> {
    if (await repository.hasRun(db, rule.id, day)) return 'ALREADY_RAN';
    const session = await deps.sessions.actingAs(rule.tenantId, rule.userId);
    if (!session) return fail(null, rule, day, 'USER_INACTIVE', null);
    const invoices = await repository.findDueInvoices(db, rule, addDays(day, rule.daysBefore));
    const payable: Array<{ invoiceId: number; invNo: string; amountMinor: number }> = [];
    const skipped: repository.NewLogEntry[] = [];
    for (const invoice of invoices) {
      const decision = decideAutopay(repository.factsOf(invoice), rule, day);
      if (decision.pay)
        payable.push({ invoiceId: invoice.id, invNo: invoice.inv_no, amountMinor: decision.amountMinor });
      else if (decision.reason !== 'NOT_DUE' && decision.reason !== 'NOTHING_DUE')
        skipped.push({
          tenantId: rule.tenantId,
          customerId: rule.customerId,
          userId: rule.userId,
          ruleId: rule.id,
          currencyCode: rule.currencyCode,
          runDate: day,
          kind: 'SKIPPED',
          reason: decision.reason,
          invoiceId: invoice.id,
          invNo: invoice.inv_no,
          amount: invoice.balance,
          onceKey: `${rule.id}:${day}:SKIPPED:${decision.reason}:${invoice.id}`,
        });
    }
    await repository.insertLog(db, skipped);
    if (payable.length === 0) return 'NOTHING_DUE';

    let profileType: 'CREDIT_CARD' | 'DEBIT_CARD' | 'ECHECK';
    try {
      profileType = (
        await deps.paymentProfiles.usableProfile(session, {
          custNo: rule.custNo,
          currency: rule.currencyCode,
          paymentProfileId: rule.paymentProfileId,
        })
      ).profileType;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return fail(session, rule, day, error.code, null);
    }

    const key = { ruleId: rule.id, runDate: day };
    let claimedHere = false;
    let result: Awaited<ReturnType<PaymentProfilesService['payCart']>>;
    try {
      result = await deps.paymentProfiles.payCart(
        session,
        profileType,
        {
          custNo: rule.custNo,
          currency: rule.currencyCode,
          payments: payable.map((line) => ({ invNo: line.invNo, payment: fromMinorUnits(line.amountMinor) })),
          paymentProfile: { id: rule.paymentProfileId },
        },
        {
          origin: deps.origin,
          idempotencyKey: `autopay:${rule.id}:${day}`,
          guard: async (tx) => {
            const claimed = await repository.claimRun(tx, {
              ...key,
              customerId: rule.customerId,
              status: 'STARTED',
            });
            if (!claimed) throw new AlreadyRanError();
            claimedHere = true;
          },
        },
      );
    } catch (error) {
      if (error instanceof AlreadyRanError) return 'ALREADY_RAN';
      if (!(error instanceof AppError)) throw error;
      // Refused before the payment was written (its transaction, the day's row with it, rolled back),
      // or the provider could not be reached after (the payment is FAILED and the day's row is ours).
      const ownsRun = claimedHere && (await repository.hasRun(db, rule.id, day));
      return fail(session, rule, day, error.code, null, ownsRun);
    }
    const paymentId = result.paymentLogId;
    if (result.status === 'SUCCESS' || result.status === 'PENDING') {
      await repository.updateRun(db, key, {
        status: result.status === 'SUCCESS' ? 'PAID' : 'STARTED',
        paymentId,
      });
      await repository.resetFailures(db, rule.id);
      await repository.insertLog(
        db,
        payable.map((line) => ({
          tenantId: rule.tenantId,
          customerId: rule.customerId,
          userId: rule.userId,
          ruleId: rule.id,
          currencyCode: rule.currencyCode,
          runDate: day,
          kind: 'PAID' as const,
          reason: result.status === 'PENDING' ? 'PENDING' : null,
          invoiceId: line.invoiceId,
          invNo: line.invNo,
          amount: fromMinorUnits(line.amountMinor),
          paymentId,
          onceKey: `${rule.id}:${day}:PAID:${line.invoiceId}`,
        })),
      );
      return result.status === 'SUCCESS' ? 'PAID' : 'PENDING';
    }
    return fail(session, rule, day, result.responseText ?? result.status ?? 'FAILED', paymentId);
  }

  return {
    runRule,

    /** Every active rule for the UTC day of `now`; one rule's trouble never stops the others. */
    async runDay(now: Date) {
      const day = now.toISOString().slice(0, 10);
      const counts: Record<RuleOutcome | 'ERROR', number> = {
        PAID: 0,
        PENDING: 0,
        FAILED: 0,
        NOTHING_DUE: 0,
        ALREADY_RAN: 0,
        ERROR: 0,
      };
      for (const rule of await repository.findActiveRules(db)) {
        try {
          counts[await runRule(rule, day)] += 1;
        } catch (error) {
          counts.ERROR += 1;
          deps.logger.error({ err: error, ruleId: rule.id }, 'autopay rule could not run');
        }
      }
      return { day, ...counts };
    },
  };
}
