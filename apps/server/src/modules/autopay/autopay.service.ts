import {
  AUTOPAY_MESSAGES,
  type TAutopayLogEntry,
  type TAutopayRule,
  type TAutopayUpcoming,
  type ZAutopayRuleRequest,
} from '@settle/shared/autopay';
import { addDays, compareCalendarDates } from '@settle/shared/calendar-date';
import { fromMinorUnits } from '@settle/shared/money';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { AUTOPAY_LIMITS, autopayDate, decideAutopay } from '@settle/shared/rules/autopay';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { PaymentProfilesService } from '../payment-profiles/payment-profiles.service';
import * as repository from './autopay.repository';

export type AutopayService = ReturnType<typeof createAutopayService>;

type RuleRequest = z.output<typeof ZAutopayRuleRequest>;

/** The UTC day of an instant: autopay's runs and its once-a-day rows are named by it. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

function toRule(row: repository.RuleWithProfile): TAutopayRule {
  return {
    id: row.id,
    custNo: row.custNo,
    currencyCode: row.currencyCode,
    paymentProfileId: row.paymentProfileId,
    profileLabel: row.profileLabel,
    daysBefore: row.daysBefore,
    maxAmount: row.maxAmount,
    maxFailures: row.maxFailures,
    status: row.status,
    failures: row.failures,
    stoppedReason: row.stoppedReason,
  };
}

/** A user's autopay rules, what they did (the log) and what they will do (upcoming), issue 18. */
export function createAutopayService(
  db: Db,
  deps: { accounts: AccountsService; paymentProfiles: PaymentProfilesService; clock: Clock },
) {
  async function scopeOf(session: SessionContext, params: { custNo: string; currency: string }) {
    const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
      custNo: params.custNo,
      currencyCode: params.currency,
    });
    return { customer, currencyCode };
  }

  async function requireRule(session: SessionContext, params: { custNo: string; currency: string }) {
    const { customer, currencyCode } = await scopeOf(session, params);
    const rule = await repository.findRule(db, {
      userId: session.userId,
      customerId: customer.id,
      currencyCode,
    });
    if (!rule) throw notFound('Autopay rule');
    return { rule, customer, currencyCode };
  }

  async function ruleView(session: SessionContext, ruleId: number): Promise<TAutopayRule> {
    const rows = await repository.findRulesOfUser(db, session.userId);
    const row = rows.find((candidate) => candidate.id === ruleId);
    if (!row) throw notFound('Autopay rule');
    return toRule(row);
  }

  return {
    async list(session: SessionContext): Promise<TAutopayRule[]> {
      const rows = await repository.findRulesOfUser(db, session.userId);
      // Only customers still linked to the user: a link removed takes its rules out of sight.
      const linked = new Set((await deps.accounts.listCustomers(session.userId)).map((c) => c.custNo));
      return rows.filter((row) => linked.has(row.custNo)).map(toRule);
    },

    /** Creates, replaces or resumes the rule of a customer and currency (PUT is idempotent). */
    async save(
      session: SessionContext,
      params: { custNo: string; currency: string },
      request: RuleRequest,
    ): Promise<TAutopayRule> {
      if (!hasPrivilege(session.roles, Privilege.ALLOW_PAY))
        throw new AppError({
          statusCode: 403,
          code: 'PAYMENT_FORBIDDEN',
          message: 'You do not have permission to pay.',
        });
      const { customer, currencyCode } = await scopeOf(session, params);
      const profile = await deps.paymentProfiles.usableProfile(session, {
        custNo: customer.custNo,
        currency: currencyCode,
        paymentProfileId: request.paymentProfileId,
      });
      const saved = await repository.upsertRule(db, {
        tenantId: session.tenantId,
        customerId: customer.id,
        custNo: customer.custNo,
        userId: session.userId,
        currencyCode,
        paymentProfileId: profile.id,
        daysBefore: request.daysBefore,
        maxAmount: request.maxAmount,
        maxFailures: request.maxFailures,
      });
      return ruleView(session, saved.id);
    },

    /** Turns autopay off for a customer and currency; its log stays. */
    async remove(session: SessionContext, params: { custNo: string; currency: string }) {
      const { rule } = await requireRule(session, params);
      await repository.deleteRule(db, rule.id);
      return { success: true, message: AUTOPAY_MESSAGES.removed };
    },

    async log(
      session: SessionContext,
      params: { custNo: string; currency: string },
    ): Promise<TAutopayLogEntry[]> {
      const { customer, currencyCode } = await scopeOf(session, params);
      const rows = await repository.findLog(db, {
        userId: session.userId,
        customerId: customer.id,
        currencyCode,
      });
      return rows.map((row) => ({
        id: row.id,
        runDate: row.runDate,
        kind: row.kind,
        reason: row.reason,
        invNo: row.invNo,
        amount: row.amount,
        paymentLogId: row.paymentId,
        at: row.at.toISOString(),
      }));
    },

    /**
     * What each active rule will pay in the next 30 days: every invoice it would pay, on the day it
     * would pay it (today while today's run has not paid yet, else from tomorrow), and the next run.
     */
    async upcoming(session: SessionContext): Promise<TAutopayUpcoming[]> {
      const today = utcDay(deps.clock.now());
      const rules = (await this.list(session)).filter((rule) => rule.status === 'ACTIVE');
      const answers: TAutopayUpcoming[] = [];
      for (const rule of rules) {
        const customer = await deps.accounts.requireCustomer(session.userId, rule.custNo);
        const firstDay = (await repository.hasRun(db, rule.id, today)) ? addDays(today, 1) : today;
        const horizon = addDays(today, AUTOPAY_LIMITS.upcomingDays);
        const invoices = await repository.findDueInvoices(
          db,
          { id: rule.id, customerId: customer.id, currencyCode: rule.currencyCode },
          addDays(horizon, rule.daysBefore),
        );
        const planned = invoices.flatMap((invoice) => {
          const planned = autopayDate(invoice.due_date, rule.daysBefore);
          const payOn = compareCalendarDates(planned, firstDay) < 0 ? firstDay : planned;
          const decision = decideAutopay(repository.factsOf(invoice), rule, payOn);
          return decision.pay
            ? [{ invNo: invoice.inv_no, dueDate: invoice.due_date, payOn, amountMinor: decision.amountMinor }]
            : [];
        });
        planned.sort(
          (a, b) => compareCalendarDates(a.payOn, b.payOn) || compareCalendarDates(a.dueDate, b.dueDate),
        );
        const nextRunDate = planned[0]?.payOn ?? null;
        answers.push({
          ruleId: rule.id,
          custNo: rule.custNo,
          currencyCode: rule.currencyCode,
          nextRunDate,
          amount: fromMinorUnits(
            planned
              .filter((line) => line.payOn === nextRunDate)
              .reduce((sum, line) => sum + line.amountMinor, 0),
          ),
          invoices: planned.map(({ amountMinor, ...line }) => ({
            ...line,
            amount: fromMinorUnits(amountMinor),
          })),
        });
      }
      return answers;
    },

    /** "Skip this one": the rule leaves the invoice alone from now on (the job logs why). */
    async skip(session: SessionContext, request: { custNo: string; currency: string; invNo: string }) {
      const { rule, customer } = await requireRule(session, request);
      const invoiceId = await repository.findInvoiceId(db, customer.id, request.invNo);
      if (!invoiceId) throw notFound(`Invoice ${request.invNo}`);
      const [invoice] = (await repository.findDueInvoices(db, rule, '9999-12-31')).filter(
        (candidate) => candidate.id === invoiceId,
      );
      if (!invoice) throw badRequest(AUTOPAY_MESSAGES.notPayable, undefined, 'AUTOPAY_NOT_PAYABLE');
      await repository.insertSkip(db, {
        ruleId: rule.id,
        invoiceId,
        customerId: customer.id,
        userId: session.userId,
      });
      return { success: true, message: AUTOPAY_MESSAGES.skipped };
    },
  };
}
