import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** A system's key to {api}/integration/v1: only the SHA-256 of the secret is kept; the key is shown once. */
export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The key's first characters, to tell keys apart in lists and logs without the secret. */
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  scopes: text('scopes').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** PostgreSQL's 64-bit transaction id (xid8: epoch and xid, never wraps), read and written as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * The transactional outbox: written in the transaction of the change it tells, never updated.
 * The pull API orders and pages a tenant's events by (xid, id): the writing transaction's id,
 * then the sequence within it (a sequence is not in commit order; see listAfter in
 * integration-events.service.ts for why (xid, id) gives a stable cursor without a lock).
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    /** What deliveries are ordered by: the events of one object reach a receiver in order. */
    objectKey: text('object_key').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction's id (the top-level one, also from a savepoint). */
    xid: xid8('xid').notNull().default(sql`pg_current_xact_id()`),
  },
  (table) => [index('integration_events_tenant_xid').on(table.tenantId, table.xid, table.id)],
);

export const webhookSubscriptions = pgTable('webhook_subscriptions', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  /** The Standard Webhooks secret (whsec_...), needed in clear to sign. */
  secret: text('secret').notNull(),
  eventTypes: text('event_types').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

/** One event for one subscription: claimed with FOR UPDATE SKIP LOCKED, retried with backoff. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    objectKey: text('object_key').notNull(),
    status: text('status', { enum: ['PENDING', 'DELIVERED', 'FAILED'] })
      .notNull()
      .default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('webhook_deliveries_once').on(table.subscriptionId, table.eventId),
    index('webhook_deliveries_due').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_object').on(table.subscriptionId, table.objectKey, table.id),
  ],
);

/** Every try: what the receiver answered and when (the delivery log). */
export const webhookAttempts = pgTable('webhook_attempts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  deliveryId: bigint('delivery_id', { mode: 'number' })
    .notNull()
    .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
  statusCode: integer('status_code'),
  error: text('error'),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
