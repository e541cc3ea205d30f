import type { Db } from '../../db/client';
import { type CourierLogger, recordCourierMessage, redact } from '../courier-messages';
import type { EmailCourier } from './email-courier';

/**
 * The default on one machine: the email is stored for the development outbox (links
 * included, on purpose: that is how a developer follows them) and logged with its secrets
 * redacted, never delivered.
 */
export function createOutboxEmailCourier(db: Db, logger: CourierLogger): EmailCourier {
  return {
    transport: 'outbox',
    async send(message) {
      await recordCourierMessage(db, {
        tenantId: message.tenantId,
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: message.text,
        transport: 'outbox',
        status: 'sent',
      });
      logger.info(
        {
          channel: 'email',
          to: message.to,
          subject: message.subject,
          body: redact(message.text, message.secrets),
        },
        'outbox: email kept',
      );
    },
  };
}
