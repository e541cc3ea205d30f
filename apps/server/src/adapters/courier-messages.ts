import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { courierMessages } from '../db/schema/access';

export type CourierLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export type CourierMessageRow = {
  tenantId?: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject?: string;
  body: string;
  transport: string;
  status: 'sent' | 'failed';
  error?: string;
};

/** Every message a courier handles is kept: the development outbox reads it, operators audit it. */
export async function recordCourierMessage(db: Db, row: CourierMessageRow): Promise<void> {
  await db.insert(courierMessages).values({
    tenantId: row.tenantId ?? null,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject ?? '',
    body: row.body,
    transport: row.transport,
    status: row.status,
    error: row.error ?? null,
  });
}

const REDACTED = '[redacted]';

/**
 * Real transports deliver the secret to its owner; the stored and logged copies must not
 * hold it too (anyone reading the table or the log could otherwise finish someone's sign-in).
 */
export function redact(text: string, secrets: readonly string[] | undefined): string {
  let result = text;
  for (const secret of secrets ?? []) {
    if (secret) result = result.split(secret).join(REDACTED);
  }
  return result;
}

/** A courier could not hand the message over; the caller decides what the user is told. */
export class CourierError extends Error {
  constructor(
    readonly channel: 'sms' | 'email',
    message: string,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}
