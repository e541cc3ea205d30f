import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserForFile, DEMO_PASSWORD } from './support/browser';
import { API_BASE, type LaunchedServer, launchStartCommand, REPO_ROOT } from './support/launch-server';
import { latestSentAt, newestCode } from './support/outbox';
import { enterCode, signInThroughForm, submitSignInForm } from './support/session';
import { shownAccount, signInAtProvider } from './support/sso';

/**
 * A newcomer's path: the README's start command as written, and every sign-in of its demo
 * table as the table tells it. The README is read here, so a row that stops being true (or a
 * new row without a flow) turns this red.
 */
const README = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
const demoRows = new Map(
  [...README.matchAll(/^\| `(demo\.[a-z]+)` \| (.+) \|$/gm)].map((match) => [match[1]!, match[2]!]),
);
const row = (login: string): string => demoRows.get(login) ?? '';

/** The people behind the demo logins, as the portal's header names them. */
const FULL_NAMES: Record<string, string> = {
  'demo.full': 'Alex Morgan',
  'demo.limited': 'Priya Shah',
  'demo.single': 'Camille Dubois',
  'demo.pin': 'Jordan Lee',
  'demo.nomobile': 'Sam Rivera',
  'demo.sso': 'Robin Okafor',
};

const browsing = browserForFile();

/** The first lines the start command printed: where it says which mode it runs in. */
function firstLines(logFile: string, count: number): string {
  return readFileSync(logFile, 'utf8').split('\n').slice(0, count).join('\n');
}

async function expectSignedInAs(page: Page, login: string) {
  await page.waitForURL('**/home');
  await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe(FULL_NAMES[login]);
}

type StartedPortal = LaunchedServer & { logFile: string };

/**
 * The production start boots while the demo start's flows run (each start is a process of its own,
 * on its own port and data folder): its start-up, most of this file's time, overlaps them. It is
 * asked for once the demo start is ready, so the two start commands never build at the same time.
 */
let productionStart: Promise<StartedPortal> | undefined;
const startProduction = () => {
  productionStart ??= launchStartCommand({ name: 'readme-production-start', production: true });
  // Awaited by the production flows; a failure is theirs to report, not an unhandled rejection.
  productionStart.catch(() => undefined);
  return productionStart;
};
afterAll(async () => {
  const started = await productionStart?.catch(() => undefined);
  await started?.stop();
});

describe('the README demo, on `npm start`', () => {
  let portal: StartedPortal;
  beforeAll(async () => {
    portal = await launchStartCommand({ name: 'readme-demo-start' });
    void startProduction();
  }, 180_000);
  afterAll(() => portal?.stop());

  it('says on its first lines that it is the demo start, with the development aids on', () => {
    const opening = firstLines(portal.logFile, 3);
    expect(opening).toContain('• demo start: development aids on');
    expect(opening).toContain(`${API_BASE}/dev/outbox`);
    expect(opening).toContain(') and a demo OpenID provider for /login?solutionInstanceGuid=sso-demo;');
    expect(opening).toContain('for production run `npm run start:prod`');
  });

  it('has a flow below for every row of the demo table, with the password the README gives', () => {
    expect([...demoRows.keys()]).toEqual(Object.keys(FULL_NAMES));
    expect(README).toContain(`Every demo user's password is **\`${DEMO_PASSWORD}\`**`);
  });

  it.each(['demo.full', 'demo.limited', 'demo.single'])(
    '%s: login name and password, then /home',
    async (login) => {
      const page = await browsing.newPage({ locale: 'en-US' });
      await signInThroughForm(page, portal.baseURL, login);
      await expectSignedInAs(page, login);
    },
  );

  it('demo.pin: the code read at the outbox address of its row', async () => {
    const address = /`(\/[^`]*\/dev\/outbox\?recipient=(\d+))`/.exec(row('demo.pin'));
    expect(address?.[1]).toBe(`${API_BASE}/dev/outbox?recipient=${address?.[2]}`);
    const recipient = address![2]!;
    const page = await browsing.newPage({ locale: 'en-US' });
    const since = await latestSentAt(portal.baseURL, recipient);
    await submitSignInForm(page, portal.baseURL, 'demo.pin');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await enterCode(page, await newestCode(portal.baseURL, recipient, since));
    await expectSignedInAs(page, 'demo.pin');
  });

  it('demo.nomobile: the sign-in asks for a mobile first, then the code texted to it', async () => {
    expect(row('demo.nomobile')).toContain('the sign-in asks for one first');
    const page = await browsing.newPage({ locale: 'en-US' });
    const since = await latestSentAt(portal.baseURL, '5550100123');
    await submitSignInForm(page, portal.baseURL, 'demo.nomobile');
    await page.waitForURL('**/postLogin?pinCode=false');
    await page.getByTestId('sms-area-code').fill('555');
    await page.getByTestId('sms-phone').fill('0100123');
    await page.getByTestId('mobile-save').click();
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await enterCode(page, await newestCode(portal.baseURL, '5550100123', since));
    await expectSignedInAs(page, 'demo.nomobile');
  });

  it("demo.sso: the row's address, the login name, the provider's page with the user and password it shows, /home", async () => {
    const address = /open `(\/login\?solutionInstanceGuid=[\w-]+)`/.exec(row('demo.sso'))?.[1];
    expect(address).toBe('/login?solutionInstanceGuid=sso-demo');
    const page = await browsing.newPage({ locale: 'en-US' });
    await page.goto(`${portal.baseURL}${address}`);
    await page.getByTestId('login-name').fill('demo.sso');
    await page.getByTestId('sign-in').click();
    await page.waitForURL((url) => url.pathname.startsWith('/interaction/'));
    expect(new URL(page.url()).hostname).toBe('127.0.0.1');

    const shown = await shownAccount(page);
    expect(shown).toEqual({ login: 'demo.sso', password: DEMO_PASSWORD });
    expect(row('demo.sso')).toContain(`user \`${shown.login}\` and password \`${shown.password}\``);
    // The provider checks the password: another one leaves the browser on its page.
    await page.locator('input[name="login"]').fill(shown.login);
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByTestId('provider-sign-in').click();
    await expect
      .poll(() => page.getByTestId('provider-refused').textContent())
      .toBe('Wrong user name or password.');

    await signInAtProvider(page, portal.baseURL, shown);
    await expectSignedInAs(page, 'demo.sso');
  });
});

describe('the production start, `npm run start:prod`', () => {
  let portal: StartedPortal;
  beforeAll(async () => {
    portal = await startProduction();
  }, 180_000);

  it('says so on its first lines, and the development aids answer 404', async () => {
    const opening = firstLines(portal.logFile, 3);
    expect(opening).toContain('• production start: development aids off, no demo OpenID provider');
    // Nothing of the demo provider started (oidc-provider warns as soon as one is made).
    expect(readFileSync(portal.logFile, 'utf8')).not.toMatch(/oidc-provider|demo single sign-on/);
    for (const aid of [
      '/dev/outbox?recipient=5550100042',
      '/dev/captcha/any-id',
      '/dev/registrationLinks?custNo=C10001',
    ]) {
      const response = await fetch(`${portal.baseURL}${API_BASE}${aid}`);
      expect(response.status, aid).toBe(404);
      expect((await response.json()).code, aid).toBe('NOT_FOUND');
    }
  });

  it('the SSO demo tenant says single sign-on is not set up, in English and in French', async () => {
    for (const [locale, message] of [
      ['en-US', 'Single sign-on is not set up for this portal. Please contact your administrator.'],
      [
        'fr-FR',
        "L'authentification unique n'est pas configurée pour ce portail. Veuillez contacter votre administrateur.",
      ],
    ] as const) {
      const page = await browsing.newPage({ locale });
      await page.goto(`${portal.baseURL}/login?solutionInstanceGuid=sso-demo`);
      await page.getByTestId('login-name').fill('demo.sso');
      await page.getByTestId('sign-in').click();
      await expect.poll(() => page.getByTestId('login-error').textContent()).toContain(message);
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.context().close();
    }
  });
});
