import type { Db } from '../../db/client';
import { type CourierLogger, recordCourierMessage, redact } from '../courier-messages';
import type { SmsCourier } from './sms-courier';

/**
 * The default on one machine: nothing leaves it. The message (code included, on purpose)
 * is stored for the development outbox, where a developer or a test reads it; the log gets
 * it with the code redacted, as logs never hold secrets.
 */
export function createOutboxSmsCourier(db: Db, logger: CourierLogger): SmsCourier {
  return {
    transport: 'outbox',
    async send(message) {
      await recordCourierMessage(db, {
        tenantId: message.tenantId,
        channel: 'sms',
        recipient: message.to,
        body: message.body,
        transport: 'outbox',
        status: 'sent',
      });
      // The code stays in the stored copy (the development outbox shows it), never in the log.
      logger.info(
        { channel: 'sms', to: message.to, body: redact(message.body, message.secrets) },
        'outbox: text message kept',
      );
    },
  };
}
