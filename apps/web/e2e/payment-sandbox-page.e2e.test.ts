import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SandboxProvider,
  startSandboxProvider,
} from '../../server/src/adapters/payments/sandbox/sandbox-provider';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';

/**
 * The sandbox provider's hosted pages in Chromium, on their own origin: axe in English and French, the
 * keyboard alone, and the redirect back to the portal's origin that the page's CSP must allow.
 */
const SECRET = 'sandbox-e2e-secret-0123456789abcdef';
const browsing = browserForFile();
let sandbox: SandboxProvider;
let portal: Server;
let returnUrl: string;
let counter = 0;

beforeAll(async () => {
  // Stands in for the portal's page the provider sends the payer back to (another origin).
  portal = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      '<!doctype html><html lang="en"><title>Portal</title><main><h1>Back at the portal</h1></main></html>',
    );
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  returnUrl = `http://localhost:${(portal.address() as AddressInfo).port}/payment/done`;
  sandbox = await startSandboxProvider({ secret: SECRET });
});
afterAll(async () => {
  await sandbox?.close();
  portal?.closeAllConnections();
  await new Promise((resolve) => portal?.close(resolve));
});

async function api(path: string, body?: unknown, key?: string) {
  const response = await fetch(`${sandbox.origin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      authorization: `Bearer ${SECRET}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Record<string, unknown>;
}

async function newCheckout(language: 'en' | 'fr', withReturn = true) {
  counter += 1;
  const extTranRefId = `e2e-${counter}-${Date.now()}`;
  const created = await api(
    '/v1/checkouts',
    {
      extTranRefId,
      amountMinor: 48_200,
      currency: 'USD',
      kind: 'CREDIT_CARD',
      language,
      description: 'INV-1001',
      returnUrl: withReturn ? returnUrl : null,
    },
    extTranRefId,
  );
  return { extTranRefId, url: String(created.checkoutUrl) };
}

const expiry = `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;

/** Fills the card form with the keyboard only: Tab from field to field. */
async function typeCard(page: Page, number: string) {
  await page.focus('#number');
  await page.keyboard.type(number);
  await page.keyboard.press('Tab');
  await page.keyboard.type(expiry);
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Ada Lovelace');
}

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('the sandbox hosted page in Chromium', () => {
  it('English: passes axe, refuses a bad number by its field, pays by keyboard and returns to the portal', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const { extTranRefId, url } = await newCheckout('en');
    await page.goto(url);
    expect(await page.title()).toBe('Secure payment');
    expect(await page.textContent('dd')).toBe('$482.00');
    await expectNoAxeViolations(page, 'the hosted card page (EN)');
    await page.getByText('Test cards (any future expiry date, any CVC)').click();
    expect(await page.isVisible('text=4000 0000 0000 0002 declined')).toBe(true);
    await expectNoAxeViolations(page, 'the hosted card page, test cards shown (EN)');

    await typeCard(page, '4242 4242 4242 4241');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#number-error');
    expect(await page.textContent('#number-error')).toBe('The card number is not valid. Check the digits.');
    expect(await page.getAttribute('#number', 'aria-invalid')).toBe('true');
    // The first field in error has the focus, so the keyboard user is where the problem is.
    expect(await activeId(page)).toBe('number');
    await expectNoAxeViolations(page, 'the hosted card page with errors (EN)');

    await page.fill('#number', '');
    await page.keyboard.type('4242424242424242');
    await page.focus('#cvc');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.waitForURL(returnUrl);
    expect(await page.textContent('h1')).toBe('Back at the portal');
    expect(await api(`/v1/payments/${extTranRefId}`)).toMatchObject({ outcome: 'SUCCESS', last4: '4242' });
  });

  it('French: the confirmation page passes axe and confirming pays', async () => {
    const page = await browsing.newPage({ locale: 'fr-FR' });
    const { extTranRefId, url } = await newCheckout('fr');
    await page.goto(url);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.textContent('dd')).toBe('482,00\u00a0$US');
    await expectNoAxeViolations(page, 'the hosted card page (FR)');
    await typeCard(page, '4000 0025 0000 3155');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${url}/confirm`);
    expect(await page.textContent('h1')).toBe('Confirmer ce paiement');
    await expectNoAxeViolations(page, 'the confirmation page (FR)');
    await page.getByRole('button', { name: 'Confirmer le paiement' }).click();
    await page.waitForURL(returnUrl);
    expect(await api(`/v1/payments/${extTranRefId}`)).toMatchObject({ outcome: 'SUCCESS' });
  });

  it('Cancel by keyboard; without a return address the outcome page passes axe in both languages', async () => {
    for (const language of ['en', 'fr'] as const) {
      const page = await browsing.newPage();
      const { extTranRefId, url } = await newCheckout(language, false);
      await page.goto(url);
      await page.focus('button.secondary');
      await page.keyboard.press('Enter');
      await page.waitForSelector('p[role="status"]');
      expect(await page.textContent('p[role="status"]')).toBe(
        language === 'en' ? 'The payment was cancelled.' : 'Le paiement a été annulé.',
      );
      await expectNoAxeViolations(page, `the outcome page (${language.toUpperCase()})`);
      expect(await api(`/v1/payments/${extTranRefId}`)).toMatchObject({ outcome: 'CANCELLED' });
    }
  });

  it('the save-card page passes axe', async () => {
    const page = await browsing.newPage();
    const session = await api(
      '/v1/card-sessions',
      { reference: `e2e-card-${Date.now()}`, kind: 'DEBIT_CARD', language: 'fr', returnUrl },
      `e2e-card-${Date.now()}`,
    );
    await page.goto(String(session.url));
    expect(await page.textContent('h1')).toBe('Enregistrer une carte');
    await expectNoAxeViolations(page, 'the save-card page (FR)');
  });
});
