import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser';
import { type LaunchedServer, launchServer, REPO_ROOT } from './support/launch-server';
import { signIn } from './support/session';

/**
 * A portal of its own with a 15-second idle time-out, so that a session really expires on the
 * server while the page stays open; the administrator shutdown goes through the operator
 * command, as an operator would run it next to the live portal.
 */
const IDLE_MINUTES = 0.25;

let server: LaunchedServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    launchServer({ name: 'session-events-server', env: { SESSION_IDLE_MINUTES: String(IDLE_MINUTES) } }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const USERS = [
  { loginName: 'demo.full', language: 'en', locale: 'en-US' },
  { loginName: 'demo.single', language: 'fr', locale: 'fr-FR' },
] as const;

const MESSAGES = {
  SESSION_EXPIRED: {
    en: 'Your session has expired. Please sign in again.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  MGMT_SHUTDOWN: {
    en: 'Your session was ended by an administrator. Please sign in again.',
    fr: 'Votre session a été fermée par un administrateur. Veuillez vous reconnecter.',
  },
} as const;

async function signedInPages(): Promise<Page[]> {
  return Promise.all(
    USERS.map(async (user) => {
      const context = await browser.newContext({ locale: user.locale });
      const page = await context.newPage();
      await signIn(page, server.baseURL, user.loginName);
      return page;
    }),
  );
}

/** The next data call (opening the invoices) meets the ended session and lands on /login. */
async function expectLandingOnLogin(pages: Page[], code: keyof typeof MESSAGES) {
  for (const [index, page] of pages.entries()) {
    const user = USERS[index]!;
    await page.locator('a[href="/invoices"]').first().click();
    await page.waitForURL('**/login');
    await expect
      .poll(() => page.getByTestId('logout-reason').textContent())
      .toContain(MESSAGES[code][user.language]);
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    await screenshot(page, `login-${code.toLowerCase()}-${user.language}`);
    await page.context().close();
  }
}

describe('session events send the user to /login with the reason, in English and in French', () => {
  it('idle time-out: SESSION_EXPIRED', async () => {
    const pages = await signedInPages();
    // Nothing happens on the pages meanwhile: the server's idle time-out passes.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MINUTES * 60_000 + 2_000));
    await expectLandingOnLogin(pages, 'SESSION_EXPIRED');
  });

  it('administrator shutdown (npm run admin -- shutdown-sessions): MGMT_SHUTDOWN', async () => {
    const pages = await signedInPages();
    const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'admin', '--', 'shutdown-sessions'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toMatch(/^2 session\(s\) ended/);
    await expectLandingOnLogin(pages, 'MGMT_SHUTDOWN');
  });
});
