import type { Db } from '../../db/client';
import * as repository from './outbox.repository';

export const OUTBOX_PAGE_SIZE = 50;

export type OutboxService = ReturnType<typeof createOutboxService>;

export function createOutboxService(db: Db) {
  return {
    /** The newest messages first; `recipient` matches any part of the address or number. */
    async latest(recipient?: string) {
      const rows = await repository.findRecentMessages(db, { recipient, limit: OUTBOX_PAGE_SIZE });
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  };
}
