import { ANNOUNCEMENT_MAX_LENGTH, type TAnnouncement } from '@settle/shared/announcements';
import type { Db } from '../../db/client';
import * as repository from './announcements.repository';

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

export function createAnnouncementsService(db: Db) {
  return {
    get: (tenantId: number) => getAnnouncement(db, tenantId),
    setByCommand: (argument: string | undefined) => setAnnouncementCommand(db, argument),
  };
}

async function getAnnouncement(db: Db, tenantId: number): Promise<TAnnouncement> {
  const row = await repository.findAnnouncement(db, tenantId);
  return { message: row?.message ?? '', updatedAt: row?.updatedAt.toISOString() ?? null };
}

/**
 * The operator command `announcement <tenantGuid|default> [text]`: sets the tenant's scrolling
 * announcement, or removes it when no text follows. Control characters are dropped: the text
 * is shown as plain text in a single line.
 */
export async function setAnnouncementCommand(db: Db, argument: string | undefined): Promise<string> {
  const usage = 'Usage: npm run admin -- announcement <tenantGuid|default> [text]  (no text removes it)';
  const [guid, ...words] = (argument ?? '').trim().split(/\s+/);
  if (!guid) throw new Error(usage);
  const tenant = await repository.findTenantForCommand(db, guid);
  if (!tenant) throw new Error(`No tenant has the guid ${guid}. ${usage}`);
  const message = [...words.join(' ')]
    .map((character) => (character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127 ? ' ' : character))
    .join('')
    .trim();
  if (message.length > ANNOUNCEMENT_MAX_LENGTH) {
    throw new Error(
      `An announcement has at most ${ANNOUNCEMENT_MAX_LENGTH} characters (this one ${message.length})`,
    );
  }
  if (message === '') {
    await repository.deleteAnnouncement(db, tenant.id);
    return `Announcement of ${tenant.name} removed`;
  }
  await repository.upsertAnnouncement(db, tenant.id, message);
  return `Announcement of ${tenant.name} set (${message.length} characters)`;
}
