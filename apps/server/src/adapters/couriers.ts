import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { CourierLogger } from './courier-messages';
import type { EmailCourier } from './email/email-courier';
import { createOutboxEmailCourier } from './email/outbox-email-courier';
import { createSmtpEmailCourier } from './email/smtp-email-courier';
import { createHttpSmsCourier } from './sms/http-sms-courier';
import { createOutboxSmsCourier } from './sms/outbox-sms-courier';
import type { SmsCourier } from './sms/sms-courier';

export type Couriers = { sms: SmsCourier; email: EmailCourier };

/** The couriers the configuration names: the outboxes unless a real transport is set. */
export function createCouriers(db: Db, config: AppConfig, logger: CourierLogger): Couriers {
  const sms =
    config.sms.transport === 'http'
      ? createHttpSmsCourier(db, logger, {
          gatewayUrl: config.sms.gatewayUrl,
          gatewayToken: config.sms.gatewayToken,
          timeoutMs: config.sms.timeoutMs,
        })
      : createOutboxSmsCourier(db, logger);
  const email =
    config.email.transport === 'smtp'
      ? createSmtpEmailCourier(db, logger, { smtpUrl: config.email.smtpUrl, from: config.email.from })
      : createOutboxEmailCourier(db, logger);
  return { sms, email };
}
