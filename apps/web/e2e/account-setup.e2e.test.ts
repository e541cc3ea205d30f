import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium, screenshot } from './support/browser';

let browser: Browser;
const baseURL = inject('baseURL');
const api = `${baseURL}/getpaid-rest/api`;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/**
 * A contact of the demo data that no other flow uses: registering it creates a user of this
 * file's own, so the demo users' passwords stay as the other flows expect them.
 */
const CONTACT = {
  custNo: 'C10007',
  email: 'noah.fischer@nordlicht.example',
  fullName: 'Noah Fischer',
};
const FIRST_PASSWORD = 'Nordlicht-2026!';
const NEW_PASSWORD = 'Aurora-Borealis-7';

interface OutboxMessage {
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

/** The development outbox for one recipient, newest first (no cookie of the page needed). */
async function outbox(page: Page, recipient: string): Promise<OutboxMessage[]> {
  const response = await page.request.get(`${api}/dev/outbox`, { params: { recipient } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/**
 * The link to `path` in the newest email to `recipient` that is not `since`. Links start at
 * the server's configured origin (localhost); the browser stays on the test's origin.
 */
async function emailedLink(page: Page, recipient: string, path: string, since?: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"'<>]+${path}\\?[^\\s"'<>]+`);
  let link = '';
  await expect
    .poll(async () => {
      const email = (await outbox(page, recipient)).find(
        (message) => message.channel === 'email' && message.createdAt !== since && pattern.test(message.body),
      );
      link = email ? (pattern.exec(email.body)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  return onTestOrigin(link.replaceAll('&amp;', '&'));
}

function onTestOrigin(link: string): string {
  const url = new URL(link);
  return `${baseURL}${url.pathname}${url.search}`;
}

/** The provider's invitation link, as `npm run admin -- registration-link` prints it (dev route). */
async function registrationLink(page: Page): Promise<string> {
  const response = await page.request.get(`${api}/dev/registrationLinks`, {
    params: { custNo: CONTACT.custNo, email: CONTACT.email },
  });
  expect(response.ok()).toBe(true);
  const [contact] = (await response.json()) as Array<{ url: string | null }>;
  expect(contact?.url).toBeTruthy();
  return onTestOrigin(contact?.url ?? '');
}

/** The ids of the captcha pictures the page received, in order (read from the response header). */
function recordCaptchaIds(page: Page): string[] {
  const ids: string[] = [];
  page.on('response', (response) => {
    if (!response.url().endsWith('/resource/captcha')) return;
    const id = response.headers()['x-captcha-id'];
    if (id) ids.push(id);
  });
  return ids;
}

/** The id of the nth picture (1-based) once the page has it. */
async function captchaId(ids: string[], nth: number): Promise<string> {
  await expect.poll(() => ids.length).toBeGreaterThanOrEqual(nth);
  return ids[nth - 1] ?? '';
}

async function captchaAnswer(page: Page, id: string): Promise<string> {
  const response = await page.request.get(`${api}/dev/captcha/${encodeURIComponent(id)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { answer: string }).answer;
}

async function switchLanguage(page: Page, label: 'English' | 'Français') {
  await page.getByTestId('language-switcher').getByText(label).click();
  await page.waitForTimeout(300); // the switcher's sliding transition, for a steady screenshot
}

async function setPasswords(page: Page, password: string) {
  await page.getByTestId('new-password').fill(password);
  await page.getByTestId('confirm-password').fill(password);
  await expect.poll(() => page.getByTestId('password-submit').isEnabled()).toBe(true);
  await page.getByTestId('password-submit').click();
}

describe('account set-up', () => {
  it('registers a contact, activates the account from the email and lands on /home signed in', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const link = await registrationLink(page);
    const captchaIds = recordCaptchaIds(page);
    await page.goto(link);
    await page.getByTestId('captcha-picture').waitFor();
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).textContent())
      .toBe('Register for Nordlicht Maschinenbau GmbH');
    expect(await page.getByTestId('registration-address').inputValue()).toBe(CONTACT.email);
    expect(await page.getByTestId('sign-out').count()).toBe(0);
    await screenshot(page, 'registration-en');
    await switchLanguage(page, 'Français');
    await expect.poll(() => page.getByTestId('registration-submit').textContent()).toBe("S'inscrire");
    await screenshot(page, 'registration-fr');
    await switchLanguage(page, 'English');

    // A wrong answer first: the server refuses it and the page shows a new picture.
    const firstId = await captchaId(captchaIds, 1);
    const rightAnswer = await captchaAnswer(page, firstId);
    await page.getByTestId('registration-area-code').fill('+49');
    await page.getByTestId('registration-mobile').fill('1515550123');
    await page.getByTestId('captcha-answer').fill(rightAnswer === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await page.getByTestId('registration-submit').click();
    await expect
      .poll(() => page.getByText('The characters do not match the picture. Try the new one.').count())
      .toBe(1);
    const secondId = await captchaId(captchaIds, 2);
    expect(secondId).not.toBe(firstId);
    await expect.poll(() => page.getByTestId('captcha-picture').getAttribute('src')).toMatch(/^blob:/);
    await screenshot(page, 'registration-captcha-wrong-en');

    await page.getByTestId('captcha-answer').fill(await captchaAnswer(page, secondId));
    await expect.poll(() => page.getByTestId('registration-submit').isEnabled()).toBe(true);
    await page.getByTestId('registration-submit').click();
    await page.waitForURL('**/confirmation/REGISTRATION_EMAIL_SENT');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toContain('We sent you an email with an activation link.');
    await screenshot(page, 'confirmation-registration-en');
    await switchLanguage(page, 'Français');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toContain("lien d'activation");
    await screenshot(page, 'confirmation-registration-fr');
    await switchLanguage(page, 'English');

    const activationLink = await emailedLink(page, CONTACT.email, '/activation');
    await page.goto(activationLink);
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).textContent())
      .toBe(`Activate ${CONTACT.email}`);
    await screenshot(page, 'activation-en');
    await switchLanguage(page, 'Français');
    await expect
      .poll(() => page.getByTestId('password-submit').textContent())
      .toBe('Activer et se connecter');
    await page.getByTestId('new-password').fill('court');
    await page.getByTestId('confirm-password').fill('autre');
    await page.getByTestId('new-password').focus();
    await expect
      .poll(() => page.getByText('Le mot de passe doit comporter de 8 à 20 caractères').count())
      .toBe(1);
    await screenshot(page, 'activation-invalid-fr');
    await switchLanguage(page, 'English');
    await page.getByTestId('new-password').fill('');
    await page.getByTestId('confirm-password').fill('');

    await setPasswords(page, FIRST_PASSWORD);
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe(CONTACT.fullName);

    // The link has done its work: opened again, it says the account is active.
    await page.goto(activationLink);
    await expect
      .poll(() => page.getByTestId('link-problem').textContent())
      .toContain('This account is already active. Sign in with your password.');
    expect(await page.getByTestId('new-password').count()).toBe(0);
    await screenshot(page, 'activation-already-active-en');

    // A link whose sealed login name was edited.
    const tampered = new URL(activationLink);
    tampered.searchParams.set('namedUser', `${tampered.searchParams.get('namedUser')}x`);
    await page.goto(tampered.toString());
    await expect
      .poll(() => page.getByTestId('link-problem').textContent())
      .toContain('This link is damaged or was changed.');
    await screenshot(page, 'activation-invalid-link-en');
    await page.close();
  });

  it('resets the password of that user from the recovery email; the new one signs in, the old one not', async () => {
    const page = await browser.newPage({ locale: 'fr-FR' });
    const since = (await outbox(page, CONTACT.email))[0]?.createdAt;
    await page.goto(`${baseURL}/troubleSigningIn`);
    await page.getByTestId('trouble-login-name').fill(CONTACT.email);
    await page.getByTestId('trouble-submit').click();
    await page.getByTestId('trouble-sent').waitFor();

    const resetLink = await emailedLink(page, CONTACT.email, '/resetPassword', since);
    await page.goto(resetLink);
    await expect
      .poll(() => page.getByRole('heading', { level: 2 }).textContent())
      .toBe(`Nouveau mot de passe pour ${CONTACT.email}`);
    await screenshot(page, 'reset-password-fr');
    await switchLanguage(page, 'English');
    await expect.poll(() => page.getByTestId('password-submit').textContent()).toBe('Save the password');
    await screenshot(page, 'reset-password-en');

    await setPasswords(page, NEW_PASSWORD);
    await page.waitForURL('**/confirmation/PASSWORD_RESET_DONE');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toBe('Your password has been changed. Sign in with your new password.');
    await screenshot(page, 'confirmation-reset-en');
    await switchLanguage(page, 'Français');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toContain('Votre mot de passe a été modifié.');
    await screenshot(page, 'confirmation-reset-fr');
    await switchLanguage(page, 'English');

    // The code works once.
    await page.goto(resetLink);
    await setPasswords(page, 'Another-pass-9');
    await expect
      .poll(() => page.getByTestId('link-problem').textContent())
      .toContain('This link has expired or was already used. Ask for a new one.');
    await screenshot(page, 'reset-password-expired-en');
    await page.getByTestId('go-to-trouble-signing-in').click();
    await page.waitForURL('**/troubleSigningIn');

    await page.goto(`${baseURL}/login`);
    await page.getByTestId('login-name').fill(CONTACT.email);
    await page.getByTestId('password').fill(FIRST_PASSWORD);
    await page.getByTestId('sign-in').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('The login name or password is incorrect.');

    await page.getByTestId('password').fill(NEW_PASSWORD);
    await page.getByTestId('sign-in').click();
    await page.waitForURL('**/home');
    await expect.poll(() => page.getByTestId('user-full-name').textContent()).toBe(CONTACT.fullName);
    await page.close();
  });
});
