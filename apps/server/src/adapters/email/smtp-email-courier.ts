import type { Transporter } from 'nodemailer';
import type { Db } from '../../db/client';
import { CourierError, type CourierLogger, recordCourierMessage, redact } from '../courier-messages';
import type { EmailCourier } from './email-courier';

export type SmtpOptions = { smtpUrl: string; from: string };

/**
 * Delivers through an SMTP server named by a URL (smtp://user:pass@host:port, or smtps://).
 * The stored copy keeps the text with its secrets redacted, and the outcome.
 */
export function createSmtpEmailCourier(db: Db, logger: CourierLogger, options: SmtpOptions): EmailCourier {
  // nodemailer is loaded by the first email, not at start.
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(options.smtpUrl),
    ));
  return {
    transport: 'smtp',
    async send(message) {
      let failure: string | undefined;
      try {
        await (await transport()).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
      } catch (error) {
        failure = redact(error instanceof Error ? error.message : String(error), message.secrets);
      }
      await recordCourierMessage(db, {
        tenantId: message.tenantId,
        channel: 'email',
        recipient: message.to,
        subject: message.subject,
        body: redact(message.text, message.secrets),
        transport: 'smtp',
        status: failure ? 'failed' : 'sent',
        error: failure,
      });
      if (failure) {
        logger.error({ channel: 'email', to: message.to, error: failure }, 'email not delivered');
        throw new CourierError('email', failure);
      }
      logger.info({ channel: 'email', to: message.to, subject: message.subject }, 'email handed to SMTP');
    },
  };
}
