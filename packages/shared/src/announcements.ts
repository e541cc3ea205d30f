import { z } from 'zod';

/** The longest announcement an operator may set; a ticker longer than this is not read. */
export const ANNOUNCEMENT_MAX_LENGTH = 500;

/** GET {api}/annoucment/customerPortalAnnouncement (the specification's spelling). */
export const ZAnnouncement = z
  .object({
    message: z.string().meta({ description: 'Empty when the tenant has no announcement' }),
    updatedAt: z.string().nullable(),
  })
  .meta({ id: 'Announcement' });
export type TAnnouncement = z.infer<typeof ZAnnouncement>;
