import { ANNOUNCEMENT_MAX_LENGTH, type TAnnouncement } from '@settle/shared/announcements';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import * as repository from './announcements.repository';

export type AnnouncementsService = ReturnType<typeof createAnnouncementsService>;

export function createAnnouncementsService(db: Db) {
  return {
    get: (tenantId: number) => getAnnouncement(db, tenantId),
    setByCommand: (argument: string | undefined) => setAnnouncementCommand(db, argument),
    /** The integration API's PUT /announcement: set, or removed by an empty message; answers it as shown. */
    async set(tenantId: number, text: string): Promise<TAnnouncement> {
      const message = cleanAnnouncement(text);
      if (message === '') await repository.deleteAnnouncement(db, tenantId);
      else await repository.upsertAnnouncement(db, tenantId, message);
      return getAnnouncement(db, tenantId);
    },
  };
}

/** Control characters become spaces: the text is shown as plain text in a single line. */
function cleanAnnouncement(text: string): string {
  const message = [...text]
    .map((character) => (character.charCodeAt(0) < 32 || character.charCodeAt(0) === 127 ? ' ' : character))
    .join('')
    .trim();
  if (message.length > ANNOUNCEMENT_MAX_LENGTH) {
    throw badRequest(
      `An announcement has at most ${ANNOUNCEMENT_MAX_LENGTH} characters (this one ${message.length})`,
      [{ field: 'message', message: `at most ${ANNOUNCEMENT_MAX_LENGTH} characters` }],
    );
  }
  return message;
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
  const message = cleanAnnouncement(words.join(' '));
  if (message === '') {
    await repository.deleteAnnouncement(db, tenant.id);
    return `Announcement of ${tenant.name} removed`;
  }
  await repository.upsertAnnouncement(db, tenant.id, message);
  return `Announcement of ${tenant.name} set (${message.length} characters)`;
}
