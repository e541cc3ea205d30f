import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@settle/shared/payments';
import type { Db } from '../../db/client';
import * as repository from './idempotency.repository';

export type IdempotencyService = ReturnType<typeof createIdempotencyService>;

/** Longer than any request runs (the provider's calls time out after 10 s). */
const ABANDONED_CLAIM_MS = 5 * 60_000;

export type ClaimResult =
  | { kind: 'claimed'; id: number }
  | { kind: 'replay'; status: number; body: string; type: string }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/** Canonical JSON (object keys sorted) so that the same body hashes the same whatever its key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(request: { method: string; path: string; body: unknown }): string {
  return createHash('sha256')
    .update(`${request.method} ${request.path}\n${canonical(request.body)}`)
    .digest('hex');
}

/**
 * Idempotency keys with the semantics payment providers use: the first request with a key
 * claims it in the database (so it holds across processes); the same key and body later
 * answer the first response again; another body is refused; a key whose first request is
 * still running answers "in progress". Keys live at least IDEMPOTENCY_KEY_TTL_HOURS.
 */
export function createIdempotencyService(db: Db, options: { ttlHours?: number; now?: () => Date } = {}) {
  const ttlMs = (options.ttlHours ?? IDEMPOTENCY_KEY_TTL_HOURS) * 3_600_000;
  const now = options.now ?? (() => new Date());
  const cutoff = () => new Date(now().getTime() - ttlMs);
  // A claim never completed this long after it was made belongs to a process that died mid-request.
  const abandonedCutoff = () => new Date(now().getTime() - ABANDONED_CLAIM_MS);

  async function claim(owner: repository.KeyOwner, hash: string, retried = false): Promise<ClaimResult> {
    const id = await repository.insertClaim(db, owner, hash);
    if (id !== undefined) return { kind: 'claimed', id };
    const existing = await repository.findClaim(db, owner);
    // Deleted between our insert and read (released after a failure): try once more.
    if (!existing) return retried ? { kind: 'in_progress' } : claim(owner, hash, true);
    if (existing.createdAt < cutoff() && !retried) {
      await repository.deleteExpiredClaim(db, existing.id, cutoff());
      return claim(owner, hash, true);
    }
    if (existing.requestHash !== hash) return { kind: 'mismatch' };
    if (existing.completedAt === null || existing.responseStatus === null) {
      if (!retried && existing.createdAt < abandonedCutoff()) {
        await repository.deleteExpiredClaim(db, existing.id, abandonedCutoff());
        return claim(owner, hash, true);
      }
      return { kind: 'in_progress' };
    }
    return {
      kind: 'replay',
      status: existing.responseStatus,
      body: existing.responseBody ?? '',
      type: existing.responseType ?? 'application/json; charset=utf-8',
    };
  }

  return {
    claim,
    complete: (id: number, response: { status: number; body: string; type: string }) =>
      repository.completeClaim(db, id, response),
    /** The first request failed in a way worth retrying: the key is free again. */
    release: (id: number) => repository.deleteClaim(db, id),
    purgeExpired: () => repository.deleteExpired(db, cutoff()),
  };
}
