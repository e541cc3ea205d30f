import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { SIGN_IN_NAMESPACES } from '../src/lib/i18n-namespaces';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { textOnlyIn } from './support/locale-texts';

const baseURL = inject('baseURL');
const browsing = browserForFile();

/** Every script the page fetched from the app's assets while loading `path`, joined. */
async function scriptsOf(page: Page, path: string): Promise<string> {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
  await page.getByTestId('sign-in').waitFor();
  return page.evaluate(
    async (paths) => {
      const texts = await Promise.all(paths.map(async (asset) => (await fetch(asset)).text()));
      return texts.join('\n');
    },
    scripts.filter((asset) => asset.startsWith('/assets/')),
  );
}

/** The body's computed background, as the browser paints it. */
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('the first visit of the login page', () => {
  it('is dark before the app’s code has run, under the real CSP (no flash of the light scheme)', async () => {
    const page = await browsing.newPage({ colorScheme: 'dark', locale: 'en-US' });
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    // The app's modules never arrive: what shows is what index.html and its first files did alone.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseURL}/login`);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
    expect(await bodyBackground(page)).toBe('rgb(36, 36, 36)');
    expect(blocked).toEqual([]);
  });

  it('keeps the header switch’s choice over the system’s: light on a dark system', async () => {
    const context = await browsing.newContext({ colorScheme: 'dark', locale: 'en-US' });
    await context.addInitScript(() => window.localStorage.setItem('settle-color-scheme', 'light'));
    const page = await context.newPage();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${baseURL}/login`);
    expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('light');
    expect(await bodyBackground(page)).toBe('rgb(255, 255, 255)');
  });

  it('loads neither Mantine nor zod, and only the user’s language', async () => {
    const page = await browsing.newPage({ locale: 'fr-FR' });
    const bodies = await scriptsOf(page, '/login');
    await expect.poll(() => page.getByTestId('sign-in').textContent()).toBe('Se connecter');
    // Words only Mantine's and zod's code hold, and a text of the English login page.
    const holds = (words: string) => bodies.includes(words);
    expect({
      mantine: holds('data-mantine-color-scheme'),
      zod: holds('$ZodError'),
      english: holds('Sign in to review and pay your invoices.'),
      french: holds('Connectez-vous pour consulter et régler vos factures.'),
    }).toEqual({ mantine: false, zod: false, english: false, french: true });
  });

  it('loads the texts of the sign-in pages’ namespaces and of no other screen, in English and French', async () => {
    for (const [locale, language] of [
      ['en-US', 'en'],
      ['fr-FR', 'fr'],
    ] as const) {
      const bodies = await scriptsOf(await browsing.newPage({ locale }), '/login');
      // The namespaces whose texts came with the first visit, told by a text only each holds.
      const loaded = Object.entries(textOnlyIn(language))
        .filter(([, text]) => bodies.includes(text))
        .map(([namespace]) => namespace)
        .sort();
      expect(loaded, locale).toEqual([...SIGN_IN_NAMESPACES].sort());
    }
  });

  it('passes axe in the dark, in English and French, on the login and trouble pages', async () => {
    for (const locale of ['en-US', 'fr-FR'] as const) {
      const page = await browsing.newPage({
        colorScheme: 'dark',
        locale,
        viewport: { width: 360, height: 780 },
      });
      await page.goto(`${baseURL}/login`);
      await page.getByTestId('sign-in').click();
      await page.getByTestId('login-name').and(page.locator('[aria-invalid="true"]')).waitFor();
      await expectNoAxeViolations(page, `the login page with its errors, dark, 360 px (${locale})`);
      await page.getByTestId('trouble-signing-in').click();
      await page.getByTestId('trouble-login-name').waitFor();
      await expectNoAxeViolations(page, `the trouble signing in page, dark, 360 px (${locale})`);
    }
  });
});
