import type { AppConfig } from '../config';

/**
 * The start's line about the development aids (DEV_OUTBOX): where a newcomer reads the demo's
 * texted codes, emails and captcha answers, or that a production start has none of them.
 */
export function developmentAidsLine(config: Pick<AppConfig, 'devOutbox' | 'port' | 'apiBase'>): string {
  if (!config.devOutbox) {
    return 'development aids off: /dev/outbox, /dev/captcha and /dev/registrationLinks answer 404, and no demo OpenID provider runs';
  }
  const api = `http://localhost:${config.port}${config.apiBase}`;
  return (
    `development aids on: texted codes and emails at ${api}/dev/outbox?recipient=<number or address>, ` +
    `captcha answers at ${api}/dev/captcha/<id>, registration links at ${api}/dev/registrationLinks?custNo=C10001 ` +
    '(a production start, npm run start:prod, turns them off)'
  );
}
