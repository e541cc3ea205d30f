import { desc, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierMessages } from '../../db/schema/access';

export function findRecentMessages(db: Db, options: { recipient?: string; limit: number }) {
  const escaped = options.recipient?.replace(/[\\%_]/g, (character) => `\\${character}`);
  return db
    .select({
      channel: courierMessages.channel,
      recipient: courierMessages.recipient,
      subject: courierMessages.subject,
      body: courierMessages.body,
      createdAt: courierMessages.createdAt,
    })
    .from(courierMessages)
    .where(escaped ? ilike(courierMessages.recipient, `%${escaped}%`) : undefined)
    .orderBy(desc(courierMessages.createdAt), desc(courierMessages.id))
    .limit(options.limit);
}
