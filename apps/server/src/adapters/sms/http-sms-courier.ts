import type { Db } from '../../db/client';
import { CourierError, type CourierLogger, recordCourierMessage, redact } from '../courier-messages';
import type { SmsCourier } from './sms-courier';

export type HttpSmsOptions = { gatewayUrl: string; gatewayToken?: string; timeoutMs: number };

/**
 * Delivers through an HTTP gateway: POST {to, body} as JSON, with a bearer token when one
 * is configured. Any non-2xx answer, network error or time-out is a failure: it is stored
 * as a failed message with the reason, and the caller gets a CourierError.
 */
export function createHttpSmsCourier(db: Db, logger: CourierLogger, options: HttpSmsOptions): SmsCourier {
  return {
    transport: 'http',
    async send(message) {
      const stored = redact(message.body, message.secrets);
      let failure: string | undefined;
      try {
        const response = await fetch(options.gatewayUrl, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.gatewayToken ? { authorization: `Bearer ${options.gatewayToken}` } : {}),
          },
          body: JSON.stringify({ to: message.to, body: message.body }),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (!response.ok) {
          const detail = (await response.text().catch(() => '')).slice(0, 200);
          failure = `gateway answered ${response.status}${detail ? `: ${detail}` : ''}`;
        }
      } catch (error) {
        failure =
          error instanceof Error && error.name === 'TimeoutError' ? 'gateway timed out' : String(error);
      }
      // A gateway may echo the request in its error text.
      failure = failure === undefined ? undefined : redact(failure, message.secrets);
      await recordCourierMessage(db, {
        tenantId: message.tenantId,
        channel: 'sms',
        recipient: message.to,
        body: stored,
        transport: 'http',
        status: failure ? 'failed' : 'sent',
        error: failure,
      });
      if (failure) {
        logger.error({ channel: 'sms', to: message.to, error: failure }, 'text message not delivered');
        throw new CourierError('sms', failure);
      }
      logger.info({ channel: 'sms', to: message.to }, 'text message handed to the gateway');
    },
  };
}
