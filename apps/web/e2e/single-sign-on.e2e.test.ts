import type { Page, Route } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { API_BASE } from './support/launch-server';
import { signInThroughForm } from './support/session';
import { shownAccount, signInAtProvider } from './support/sso';

const baseURL = inject('baseURL');
const issuer = inject('oidcIssuer');
const browsing = browserForFile();

/** The login page of the single-sign-on demo tenant, left for the provider with the login name alone. */
async function leaveForProvider(page: Page, loginName: string) {
  await page.goto(`${baseURL}/login?solutionInstanceGuid=sso-demo`);
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('sign-in').click();
  await page.waitForURL(`${issuer}/interaction/**`);
}

/** Holds POST /auth/ssologin until released: the SSO screen's spinner stays on screen meanwhile. */
async function holdSsoLogin(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held!: (route: Route) => void;
  const arrived = new Promise<Route>((resolve) => {
    held = resolve;
  });
  await page.route(`**${API_BASE}/auth/ssologin`, async (route) => {
    held(route);
    await released;
    await route.continue();
  });
  return { arrived, release };
}

describe('single sign-on', () => {
  it('demo.sso: login name, the provider signs in, back on the SSO screen, then /home', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const sso = await holdSsoLogin(page);
    await leaveForProvider(page, 'demo.sso');
    const start = new URL(page.url());
    expect(start.origin).toBe(issuer);

    await signInAtProvider(page, baseURL, await shownAccount(page));
    await page.waitForURL(`${baseURL}/sso?**`);
    const callback = page.url();
    expect(new URL(callback).searchParams.get('code')).toBeTruthy();
    expect(new URL(callback).searchParams.get('iss')).toBe(issuer);
    await sso.arrived;
    await expect.poll(() => page.getByTestId('sso-pending').textContent()).toBe('Signing you in…');
    await expectNoAxeViolations(page, 'the single sign-on spinner');
    sso.release();

    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Robin Okafor');
    await expect.poll(() => page.getByTestId('greeting').textContent()).toMatch(/Robin/);
    const cookies = await page.context().cookies(baseURL);
    expect(cookies.map((cookie) => cookie.name)).toContain('SETTLE_SESSION');
    expect(cookies.map((cookie) => cookie.name)).not.toContain('SETTLE_SSO');

    // The provider's answer is single-use: opened again, it is refused.
    await page.unrouteAll();
    await page.goto(callback);
    await expect
      .poll(() => page.getByTestId('sso-error').textContent())
      .toContain('Single sign-on could not be completed.');
  });

  it("shows the provider's refusal and leads back to sign in, in English and in French", async () => {
    for (const [locale, language, text, detail, back] of [
      [
        'en-US',
        'en',
        'Single sign-on could not be completed.',
        'Your sign-in service said:',
        'Back to sign in',
      ],
      [
        'fr-FR',
        'fr',
        "L'authentification unique n'a pas pu aboutir.",
        'Réponse de votre service de connexion :',
        'Retour à la connexion',
      ],
    ] as const) {
      const page = await browsing.newPage({ locale });
      await leaveForProvider(page, 'demo.sso');
      // The provider's own "cancel": it sends the browser back with error=access_denied.
      await page.goto(`${page.url().split('?')[0]}/abort`);
      await page.waitForURL(`${baseURL}/sso?**`);
      expect(new URL(page.url()).searchParams.get('error')).toBe('access_denied');
      await expect.poll(() => page.getByTestId('sso-error').textContent()).toContain(text);
      expect(await page.getByTestId('sso-error-detail').textContent()).toBe(
        `${detail} End-User aborted interaction`,
      );
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      expect(await page.getByTestId('sso-back-to-login').textContent()).toBe(back);
      await expectNoAxeViolations(page, `the single sign-on refusal (${language})`);
      await page.getByTestId('sso-back-to-login').click();
      await page.waitForURL('**/login');
      await expect.poll(() => page.getByTestId('sign-in').isVisible()).toBe(true);
      await page.context().close();
    }
  });

  it('refuses an answer this browser did not start, after showing the spinner (both languages)', async () => {
    for (const [locale, language, pending, text] of [
      ['en-US', 'en', 'Signing you in…', 'Single sign-on could not be completed.'],
      ['fr-FR', 'fr', 'Connexion en cours…', "L'authentification unique n'a pas pu aboutir."],
    ] as const) {
      const page = await browsing.newPage({ locale });
      const sso = await holdSsoLogin(page);
      await page.goto(`${baseURL}/sso?code=a-code-from-elsewhere&state=a-state-from-elsewhere`);
      await sso.arrived;
      await expect.poll(() => page.getByTestId('sso-pending').textContent()).toBe(pending);
      expect(await page.locator('html').getAttribute('lang')).toBe(language);
      sso.release();
      await expect.poll(() => page.getByTestId('sso-error').textContent()).toContain(text);
      expect(page.url()).toContain('/sso?');
      await page.context().close();
    }
  });

  it('signs a password user of the default tenant in as before', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    await signInThroughForm(page, baseURL, 'demo.full');
    expect(page.url().startsWith(baseURL)).toBe(true);
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Alex Morgan');
  });
});
