import { bigint, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { sessions } from './sessions';
import { tenants } from './tenants';
import { users } from './users';

/**
 * A user's authenticator app (TOTP, RFC 6238). The secret is sealed (AES-256-GCM, see
 * lib/sealed-values.ts); `confirmedAt` is null until a first code proved the app has it.
 * `lastUsedStep` is the 30 s step of the last accepted code: a code of that step or an
 * earlier one is refused, so a code seen over a shoulder cannot be replayed.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only an HMAC of each is kept; `usedAt` marks the one spent. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('user_recovery_codes_user_hash').on(table.userId, table.codeHash)],
);

/** WebAuthn credentials (passkeys) a user registered, with the public key and signature counter. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url credential id, unique across the installation (an authenticator's key is one user's). */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('user_passkeys_user').on(table.userId)],
);

/**
 * What a session is in the middle of for second factors: the WebAuthn challenge it was given
 * (registration from the profile, or assertion at the PIN step) and the wrong codes typed at
 * the PIN step. Ends with its session.
 */
export const sessionFactorState = pgTable('session_factor_state', {
  sessionTokenHash: text('session_token_hash')
    .primaryKey()
    .references(() => sessions.tokenHash, { onDelete: 'cascade' }),
  challenge: text('challenge'),
  challengePurpose: text('challenge_purpose', { enum: ['register', 'authenticate'] }),
  challengeAt: timestamp('challenge_at', { withTimezone: true }),
  failures: integer('failures').notNull().default(0),
});
