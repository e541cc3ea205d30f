import { expect } from 'vitest';
import { API_BASE } from './launch-server';

/**
 * The development outbox (GET {api}/dev/outbox, on with DEV_OUTBOX): the texts and emails the
 * portal sent, newest first. The flows read codes and links there; no session is needed.
 */
export interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export async function outbox(baseURL: string, recipient: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseURL}${API_BASE}/dev/outbox?${new URLSearchParams({ recipient })}`);
  expect(response.ok).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** The messages sent after the one sent at `since` (all of them without it), newest first. */
function sentAfter(messages: OutboxMessage[], since: string | undefined): OutboxMessage[] {
  const seen = messages.findIndex((message) => message.createdAt === since);
  return seen === -1 ? messages : messages.slice(0, seen);
}

/** When the newest message to `recipient` was sent: what came before a step of the flow. */
export async function latestSentAt(baseURL: string, recipient: string): Promise<string | undefined> {
  return (await outbox(baseURL, recipient))[0]?.createdAt;
}

/** The 6 digits of the newest text to `recipient` sent after `since`, once it is there. */
export async function newestCode(
  baseURL: string,
  recipient: string,
  since: string | undefined,
): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const [newest] = sentAfter(await outbox(baseURL, recipient), since);
      if (!newest) return '';
      code = /\b(\d{6})\b/.exec(newest.body)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * The link to `path` in the newest email to `recipient` sent after `since`, once it is there,
 * moved onto `baseURL`: links start at the server's configured origin (localhost) and the
 * browser stays on the test's origin.
 */
export async function emailedLink(
  baseURL: string,
  recipient: string,
  path: string,
  since?: string,
): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path}\\?[^\\s"'<>]+`);
  let link = '';
  await expect
    .poll(async () => {
      const email = sentAfter(await outbox(baseURL, recipient), since).find(
        (message) => message.channel === 'email' && pattern.test(message.body),
      );
      link = email ? (pattern.exec(email.body)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return onOrigin(baseURL, link.replaceAll('&amp;', '&'));
}

/** The same path and query on the test server's origin. */
export function onOrigin(baseURL: string, link: string): string {
  const url = new URL(link);
  return `${baseURL}${url.pathname}${url.search}`;
}
