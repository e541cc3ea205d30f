import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { courierMessages } from '../../db/schema/access';
import { openTestDatabase } from '../../test/test-database';
import { CourierError } from '../courier-messages';
import { renderEmail } from './email-templates';
import { createOutboxEmailCourier } from './outbox-email-courier';
import { createSmtpEmailCourier } from './smtp-email-courier';

type Delivered = { from: string; to: string[]; user?: string; raw: string };

let database: DatabaseHandle;
let server: SMTPServer;
let port: number;
let delivered: Delivered[] = [];
let refuseNext: string | undefined;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** Enough of quoted-printable to read a message body back. */
function decode(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

beforeAll(async () => {
  database = await openTestDatabase();
  // A real SMTP peer on loopback, without TLS, with optional password authentication.
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'pa55') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refuseNext) {
          const reason = refuseNext;
          refuseNext = undefined;
          callback(Object.assign(new Error(reason), { responseCode: 552 }));
          return;
        }
        delivered.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});
beforeEach(() => {
  delivered = [];
});

function rowsTo(recipient: string) {
  return database.db.select().from(courierMessages).where(eq(courierMessages.recipient, recipient));
}

describe('the SMTP email courier', () => {
  it('delivers the rendered email with authentication, and keeps a copy without the secret link code', async () => {
    const courier = createSmtpEmailCourier(database.db, silent, {
      smtpUrl: `smtp://mailer:pa55@127.0.0.1:${port}`,
      from: 'Settle <no-reply@settle.example>',
    });
    const code = 'Zq3-recovery-code_0123456789abcdefghijklmnop';
    const email = renderEmail('recovery', 'en', {
      firstName: 'Pat',
      appName: 'Acme Portal',
      link: `https://portal.example.com/resetPassword?code=${code}&namedUser=pat.jones`,
      minutes: 60,
    });
    await courier.send({ tenantId: undefined, to: 'pat@example.com', ...email, secrets: [code] });

    expect(delivered).toHaveLength(1);
    const [message] = delivered;
    expect(message!.from).toBe('no-reply@settle.example');
    expect(message!.to).toEqual(['pat@example.com']);
    expect(message!.user).toBe('mailer');
    const body = decode(message!.raw);
    expect(body).toContain('Subject: Acme Portal: sign-in help');
    expect(body).toContain(
      `Choose a new password: https://portal.example.com/resetPassword?code=${code}&namedUser=pat.jones`,
    );
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain(
      `<a href="https://portal.example.com/resetPassword?code=${code}&amp;namedUser=pat.jones">`,
    );

    const [row] = await rowsTo('pat@example.com');
    expect(row).toMatchObject({
      channel: 'email',
      transport: 'smtp',
      status: 'sent',
      subject: 'Acme Portal: sign-in help',
    });
    expect(row!.body).toContain('resetPassword?code=[redacted]&namedUser=pat.jones');
    expect(row!.body).not.toContain(code);
  });

  it('stores a refused message as failed with the server reason, and throws', async () => {
    refuseNext = 'Mailbox full';
    const courier = createSmtpEmailCourier(database.db, silent, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@settle.example',
    });
    const sending = courier.send({ to: 'full@example.com', subject: 'Hi', text: 'Hello' });
    await expect(sending).rejects.toBeInstanceOf(CourierError);
    const [row] = await rowsTo('full@example.com');
    expect(row!.status).toBe('failed');
    expect(row!.error).toContain('Mailbox full');
    expect(delivered).toEqual([]);
  });

  it('fails on wrong SMTP credentials', async () => {
    const courier = createSmtpEmailCourier(database.db, silent, {
      smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`,
      from: 'no-reply@settle.example',
    });
    await expect(courier.send({ to: 'denied@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow(
      /Invalid username or password/,
    );
    expect((await rowsTo('denied@example.com'))[0]!.status).toBe('failed');
  });
});

describe('the email outbox courier', () => {
  it('keeps the text whole and delivers nothing', async () => {
    const courier = createOutboxEmailCourier(database.db, silent);
    await courier.send({ to: 'dev@example.com', subject: 'Link', text: 'code=abc', secrets: ['abc'] });
    const [row] = await rowsTo('dev@example.com');
    expect(row).toMatchObject({ transport: 'outbox', status: 'sent', subject: 'Link', body: 'code=abc' });
    expect(delivered).toEqual([]);
  });
});
