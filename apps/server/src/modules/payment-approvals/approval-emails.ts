import { formatC2 } from '@settle/shared/format';
import type { EmailCourier } from '../../adapters/email/email-courier';
import { renderEmail } from '../../adapters/email/email-templates';
import type { Db } from '../../db/client';
import * as repository from './payment-approvals.repository';

type Contact = {
  first_name: string;
  last_name: string;
  email: string;
  language: string;
  locale_for_formatting: string;
};

/** The approval emails, each in its reader's language and formats; readers without an address get none. */
export function createApprovalEmails(db: Db, email: EmailCourier) {
  const money = (amount: string, reader: Contact, currencyCode: string) =>
    formatC2(amount, { locale: reader.locale_for_formatting, currencyCode });
  const nameOf = (reader: Contact) => `${reader.first_name} ${reader.last_name}`.trim();

  return {
    /** To every approver of the customer but the submitter. */
    async requested(approval: repository.ApprovalRow, invNos: string[], origin: string): Promise<void> {
      const parties = await repository.findParties(db, approval.id);
      for (const approver of await repository.findApprovers(db, approval.customerId, approval.requestedBy)) {
        if (!approver.email) continue;
        const rendered = renderEmail('paymentApprovalRequested', approver.language, {
          name: nameOf(approver),
          appName: parties?.app_name ?? 'Settle',
          requester: approval.requesterName,
          company: parties?.company ?? '',
          custNo: approval.custNo,
          amount: money(approval.amount, approver, approval.currencyCode),
          invoices: invNos,
          link: `${origin}/paymentApprovals`,
        });
        await email.send({ tenantId: approval.tenantId, to: approver.email, ...rendered });
      }
    },

    /** To the submitter and to the approver who decided. */
    async decided(approval: repository.ApprovalRow, paymentStatus: string | null): Promise<void> {
      const parties = await repository.findParties(db, approval.id);
      const readers = [approval.requestedBy, approval.decidedBy].filter((id): id is number => id !== null);
      for (const userId of readers) {
        const reader = await repository.findUserContact(db, userId);
        if (!reader?.email) continue;
        const rendered = renderEmail('paymentApprovalDecided', reader.language, {
          name: nameOf(reader),
          appName: parties?.app_name ?? 'Settle',
          decision: approval.status === 'APPROVED' ? 'APPROVED' : 'REJECTED',
          decider: approval.deciderName ?? '',
          company: parties?.company ?? '',
          custNo: approval.custNo,
          amount: money(approval.amount, reader, approval.currencyCode),
          reason: approval.reason,
          paymentStatus,
        });
        await email.send({ tenantId: approval.tenantId, to: reader.email, ...rendered });
      }
    },
  };
}
