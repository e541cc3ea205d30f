import type { Db } from '../../db/client';
import { type CourierLogger, recordCourierMessage } from '../courier-messages';
import type { SmsCourier } from './sms-courier';

/**
 * The default on one machine: nothing leaves it. The message (code included, on purpose)
 * is stored for the development outbox and written to the log, where a developer or a
 * test reads it.
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
      logger.info({ channel: 'sms', to: message.to, body: message.body }, 'outbox: text message kept');
    },
  };
}
