import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_PASSWORD, launchChromium, screenshot } from './support/browser';

let browser: Browser;
const baseURL = inject('baseURL');

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

interface OutboxMessage {
  recipient: string;
  body: string;
  createdAt: string;
}

/** The development outbox, newest first (page.request: no cookie of the page is needed). */
async function outbox(page: Page, recipient: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${baseURL}/getpaid-rest/api/dev/outbox`, {
    params: { recipient },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/** The 6 digits of the newest text to `recipient` sent after `since`. */
async function newestCode(page: Page, recipient: string, since: string | undefined): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const [newest] = await outbox(page, recipient);
      if (!newest || newest.createdAt === since) return '';
      code = /\b(\d{6})\b/.exec(newest.body)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function latestSentAt(page: Page, recipient: string): Promise<string | undefined> {
  return (await outbox(page, recipient))[0]?.createdAt;
}

async function submitPassword(page: Page, loginName: string) {
  await page.goto(`${baseURL}/login`);
  await page.getByTestId('login-name').fill(loginName);
  await page.getByTestId('password').fill(DEMO_PASSWORD);
  await page.getByTestId('sign-in').click();
}

async function enterCode(page: Page, code: string) {
  await page.getByTestId('pin-digit-0').click();
  await page.keyboard.type(code);
  await page.getByTestId('pin-verify').click();
}

describe('the sign-in steps', () => {
  it('demo.pin: password, then the texted code, then /home', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const since = await latestSentAt(page, '5550100042');
    await submitPassword(page, 'demo.pin');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await expect
      .poll(() => page.getByTestId('pin-sent-to').textContent())
      .toBe('We sent a code to ••••0042.');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('pin-digit-0');
    const code = await newestCode(page, '5550100042', since);
    await screenshot(page, 'pin-en');

    // A wrong code first: the page says how many tries are left.
    await enterCode(page, code === '000000' ? '111111' : '000000');
    await expect.poll(() => page.getByTestId('pin-error').textContent()).toMatch(/4 tries left/);
    await expect.poll(() => page.getByTestId('pin-verify').getAttribute('data-loading')).toBeNull();
    await page.waitForTimeout(300); // the button's loading transition, for a steady screenshot
    await screenshot(page, 'pin-error-en');

    await enterCode(page, code);
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Jordan Lee');
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    expect(stored).not.toContain(DEMO_PASSWORD);
    await page.close();
  });

  it('demo.pin in French: the PIN page, and a reload goes back to the login page', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    const since = await latestSentAt(page, '5550100042');
    await submitPassword(page, 'demo.pin');
    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await expect
      .poll(() => page.getByTestId('pin-sent-to').textContent())
      .toBe('Nous avons envoyé un code au ••••0042.');
    await newestCode(page, '5550100042', since);
    await expect.poll(() => page.getByRole('button', { name: 'Vérifier' }).count()).toBe(1);
    await screenshot(page, 'pin-fr');

    await page.reload();
    await page.waitForURL('**/login');
    await page.getByTestId('sign-in').waitFor();
    await page.close();
  });

  it('demo.nomobile: the mobile page, then the code texted to the new number, then /home', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const since = await latestSentAt(page, '5550100077');
    await submitPassword(page, 'demo.nomobile');
    await page.waitForURL('**/postLogin?pinCode=false');
    await page.getByTestId('sms-phone').waitFor();
    await screenshot(page, 'mobile-en');

    await page.getByTestId('sms-phone').fill('<b>');
    await expect.poll(() => page.getByTestId('mobile-save').isDisabled()).toBe(true);
    await expect.poll(() => page.getByText('These characters are not allowed').count()).toBe(1);
    await screenshot(page, 'mobile-invalid-en');

    await page.getByTestId('sms-area-code').fill('555');
    await page.getByTestId('sms-phone').fill('0100077');
    await expect.poll(() => page.getByTestId('mobile-save').isEnabled()).toBe(true);
    await expect.poll(() => page.getByText('Your code will be sent to 555 0100077').count()).toBe(1);
    await screenshot(page, 'mobile-filled-en');
    await page.getByTestId('mobile-save').click();

    await page.waitForURL('**/postLogin?pinCode=true&pincodeMethod=SMS');
    await expect
      .poll(() => page.getByTestId('pin-sent-to').textContent())
      .toBe('We sent a code to ••••0077.');
    const code = await newestCode(page, '5550100077', since);
    await enterCode(page, code);
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe('Sam Rivera');
    await page.close();
  });

  it('trouble signing in: the same confirmation, then back to the login page', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    await page.goto(`${baseURL}/login`);
    await page.getByTestId('trouble-signing-in').click();
    await page.waitForURL('**/troubleSigningIn');
    await page.getByTestId('trouble-login-name').waitFor();
    expect(await page.getByTestId('sign-out').count()).toBe(0);
    await screenshot(page, 'trouble-signing-in-en');

    await page.getByTestId('trouble-login-name').fill('demo.full');
    await page.getByTestId('trouble-submit').click();
    await expect
      .poll(() => page.getByTestId('trouble-sent').textContent())
      .toContain('If this login exists, we sent a recovery e-mail to its address.');
    await screenshot(page, 'trouble-signing-in-sent-en');
    await page.getByTestId('back-to-login').click();
    await page.waitForURL('**/login');
    await page.close();
  });
});
