import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { BACKGROUND_HEADER, BACKGROUND_HEADER_VALUE } from '@settle/shared/background-calls';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import {
  API_BASE,
  advanceServerClock,
  type LaunchedServer,
  launchServer,
  REPO_ROOT,
} from './support/launch-server';
import { signedInPage } from './support/session';

/**
 * A portal of its own, whose session clock the test moves forward (SETTLE_TEST_CLOCK): a
 * session really expires on the server while the page stays open, without waiting for it.
 * The administrator shutdown goes through the operator command, as an operator would run it
 * next to the live portal. Both end every session of this portal, hence a portal of its own.
 */
const IDLE_MINUTES = 30;
/** The header's approvals count is polled every minute (features/payment-approvals/api/get-approvals.ts). */
const APPROVALS_POLL_MS = 60_000;

let server: LaunchedServer;
const browsing = browserForFile();

beforeAll(async () => {
  server = await launchServer({
    name: 'session-events-server',
    testClock: true,
    env: { SESSION_IDLE_MINUTES: String(IDLE_MINUTES) },
  });
});
afterAll(() => server?.stop());

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

/** An operator command run next to this portal (through its admin socket): what it printed. */
async function admin(command: string): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'admin', '--', command], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
  });
  return stdout;
}

/** Each user on /home in a browser of their own, the home page's data shown. */
async function signedInPages(): Promise<Page[]> {
  return Promise.all(
    USERS.map(async (user) => {
      const page = await signedInPage(browsing, {
        baseURL: server.baseURL,
        loginName: user.loginName,
        context: { locale: user.locale },
      });
      await page.getByTestId('user-full-name').waitFor();
      return page;
    }),
  );
}

/**
 * The next data call meets the ended session and lands on /login: opening the invoices, unless a
 * call the page makes by itself (the approvals count it polls) met it first.
 */
async function expectLandingOnLogin(pages: Page[], code: keyof typeof MESSAGES) {
  for (const [index, page] of pages.entries()) {
    const user = USERS[index]!;
    if (!page.url().includes('/login'))
      await page
        .locator('a[href="/invoices"]')
        .first()
        .click({ timeout: 5_000 })
        .catch(() => undefined);
    await page.waitForURL('**/login');
    await expect
      .poll(() => page.getByTestId('logout-reason').textContent())
      .toContain(MESSAGES[code][user.language]);
    expect(await page.evaluate(() => localStorage.getItem('userData'))).toBeNull();
    expect(await page.locator('html').getAttribute('lang')).toBe(user.language);
    await expectNoAxeViolations(page, `the login page with the reason ${code} (${user.language})`);
  }
}

/**
 * The page's requests as the browser made them: how long since the last one started or ended
 * (its scripts too: a lazy route's module is fetched before the route asks for its data), and,
 * once counting, the API calls not marked as background calls (each would touch the session).
 * Requests are tracked one by one: a request started before the watch began (the page's first
 * load, which the reload cuts short) ends without having been counted in.
 */
function watchRequests(page: Page) {
  const open = new Set<Request>();
  let lastChange = Date.now();
  let counting = false;
  const foreground: string[] = [];
  const ended = (request: Request) => {
    open.delete(request);
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    open.add(request);
    lastChange = Date.now();
    const { pathname } = new URL(request.url());
    if (
      counting &&
      pathname.startsWith(`${API_BASE}/`) &&
      request.headers()[BACKGROUND_HEADER.toLowerCase()] !== BACKGROUND_HEADER_VALUE
    )
      foreground.push(`${request.method()} ${pathname}`);
  });
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    /** Milliseconds since the last request started or ended; 0 while one is open. */
    quietFor: () => (open.size > 0 ? 0 : Date.now() - lastChange),
    startCounting: () => {
      counting = true;
    },
    foregroundSinceCounting: () => [...foreground],
  };
}

describe('session events send the user to /login with the reason, in English and in French', () => {
  it('idle time-out: SESSION_EXPIRED', async () => {
    const pages = await signedInPages();
    // Nothing happens on the pages meanwhile: the server's idle time-out passes.
    await advanceServerClock(server.baseURL, IDLE_MINUTES + 1);
    await expectLandingOnLogin(pages, 'SESSION_EXPIRED');
  });

  it('idle time-out while the page polls by itself: its polls do not keep the session alive', async () => {
    // One user: a second session left alive would be counted by the shutdown below.
    const page = await signedInPage(browsing, {
      baseURL: server.baseURL,
      loginName: USERS[0].loginName,
      context: { locale: USERS[0].locale },
    });
    // The page's timers on a clock the test moves, so that a minute's poll comes at once.
    await page.clock.install();
    const calls = watchRequests(page);
    await page.reload();
    await page.getByTestId('user-full-name').waitFor();
    // The page's own first calls are the user's and touch the session: they must all have been
    // answered before the server's clock moves. 'networkidle' alone is not enough on a loaded
    // machine, where a lazy route's module can take longer than its half second to run before
    // that route asks for its data (seen once in CI: the poll after the limit answered 200).
    await page.waitForLoadState('networkidle');
    await expect.poll(() => calls.quietFor(), { timeout: 30_000 }).toBeGreaterThan(2_000);
    await expect.poll(() => page.locator('[aria-busy="true"], .mantine-Skeleton-root').count()).toBe(0);
    calls.startCounting();

    /** The page's clock moved to its next approvals-count poll: answers that poll as the server saw it. */
    const nextPoll = async () => {
      const polled = page.waitForResponse((response) => response.url().includes('/payment/approvals/count'));
      await page.clock.fastForward(APPROVALS_POLL_MS);
      return polled;
    };

    await advanceServerClock(server.baseURL, IDLE_MINUTES - 1);
    const within = await nextPoll();
    expect(within.status()).toBe(200);
    expect(await within.request().headerValue('x-settle-background')).toBe('1');

    // Two minutes later the user has been idle longer than the limit, polls or not.
    await advanceServerClock(server.baseURL, 2);
    const afterLimit = await nextPoll();
    expect(calls.foregroundSinceCounting(), 'calls made as the user while the test waited').toEqual([]);
    expect(afterLimit.status()).toBe(401);
    await page.waitForURL('**/login');
    await expectLandingOnLogin([page], 'SESSION_EXPIRED');
  });

  it('administrator shutdown (npm run admin -- shutdown-sessions): MGMT_SHUTDOWN', async () => {
    // Sessions an earlier test left (a failed first attempt leaves one alive) are idled out and
    // purged first, so that the count below is this test's two: the shutdown revokes every session
    // not yet revoked, expired or not.
    await advanceServerClock(server.baseURL, IDLE_MINUTES + 1);
    await admin('purge-expired-sessions');
    const pages = await signedInPages();
    const stdout = await admin('shutdown-sessions');
    expect(stdout).toMatch(/^2 session\(s\) ended/);
    await expectLandingOnLogin(pages, 'MGMT_SHUTDOWN');
  });
});
