import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe';
import { browserForFile } from './support/browser';
import { API_BASE } from './support/launch-server';
import { emailedLink, latestSentAt, onOrigin } from './support/outbox';
import { openApiSession } from './support/session';

const baseURL = inject('baseURL');
const api = `${baseURL}${API_BASE}`;
const browsing = browserForFile();

/**
 * Contacts of the demo data that no other flow uses: registering one creates a user of this
 * file's own, so the demo users' passwords stay as the other flows expect them. The first
 * registers through the pages; the second is registered through the API for the reset flow.
 */
const CONTACT = {
  custNo: 'C10007',
  email: 'noah.fischer@nordlicht.example',
  fullName: 'Noah Fischer',
};
const RESETTING_CONTACT = {
  custNo: 'C10006',
  email: 'emma.clarke@harbour-finch.example',
  fullName: 'Emma Clarke',
};
const FIRST_PASSWORD = 'Nordlicht-2026!';
const NEW_PASSWORD = 'Aurora-Borealis-7';

/** The provider's invitation link, as `npm run admin -- registration-link` prints it (dev route). */
async function registrationLink(contact: { custNo: string; email: string }): Promise<string> {
  const response = await fetch(`${api}/dev/registrationLinks?${new URLSearchParams(contact)}`);
  expect(response.ok).toBe(true);
  const [link] = (await response.json()) as Array<{ url: string | null }>;
  expect(link?.url).toBeTruthy();
  return onOrigin(baseURL, link?.url ?? '');
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

async function captchaAnswer(id: string): Promise<string> {
  const response = await fetch(`${api}/dev/captcha/${encodeURIComponent(id)}`);
  expect(response.ok).toBe(true);
  return ((await response.json()) as { answer: string }).answer;
}

async function switchLanguage(page: Page, label: 'English' | 'Français') {
  await page.getByTestId('language-switcher').getByText(label).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(label === 'English' ? 'en' : 'fr');
}

/**
 * Registers and activates `contact` with `password` through the API, as the pages would:
 * the invitation link, a captcha answered, the emailed activation link, the password.
 */
async function registerThroughApi(contact: { custNo: string; email: string }, password: string) {
  const invitation = new URL(await registrationLink(contact));
  const session = await openApiSession(baseURL);
  try {
    const picture = await session.send('GET', '/resource/captcha');
    const captchaId = picture.headers()['x-captcha-id'] ?? '';
    const registered = await session.send('POST', '/user/registration', {
      encryptedCompanyId: invitation.searchParams.get('companyId'),
      contactId: invitation.searchParams.get('contactId'),
      address: contact.email,
      captchaId,
      captchaAnswer: await captchaAnswer(captchaId),
    });
    expect(registered.status(), await registered.text()).toBe(200);
    const activation = new URL(await emailedLink(baseURL, contact.email, '/activation'));
    const activated = await session.send('POST', '/user/activation', {
      encryptedCompanyId: activation.searchParams.get('companyId'),
      reset: 'N',
      activationCode: activation.searchParams.get('code'),
      namedUser: activation.searchParams.get('namedUser'),
      password,
      confirmPassword: password,
    });
    expect(activated.status(), await activated.text()).toBe(200);
  } finally {
    await session.request.dispose();
  }
}

async function setPasswords(page: Page, password: string) {
  await page.getByTestId('new-password').fill(password);
  await page.getByTestId('confirm-password').fill(password);
  await expect.poll(() => page.getByTestId('password-submit').isEnabled()).toBe(true);
  await page.getByTestId('password-submit').click();
}

describe('account set-up', () => {
  it('registers a contact, activates the account from the email and lands on /home signed in', async () => {
    const page = await browsing.newPage({ locale: 'en-US' });
    const link = await registrationLink(CONTACT);
    const captchaIds = recordCaptchaIds(page);
    await page.goto(link);
    await page.getByTestId('captcha-picture').waitFor();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Register for Nordlicht Maschinenbau GmbH');
    expect(await page.getByTestId('registration-address').inputValue()).toBe(CONTACT.email);
    expect(await page.getByTestId('sign-out').count()).toBe(0);
    await expectNoAxeViolations(page, 'the registration page');
    await switchLanguage(page, 'Français');
    await expect.poll(() => page.getByTestId('registration-submit').textContent()).toBe("S'inscrire");
    await expectNoAxeViolations(page, 'the registration page in French');
    await switchLanguage(page, 'English');

    // A wrong answer first: the server refuses it and the page shows a new picture.
    const firstId = await captchaId(captchaIds, 1);
    const rightAnswer = await captchaAnswer(firstId);
    await page.getByTestId('registration-area-code').fill('+49');
    await page.getByTestId('registration-mobile').fill('1515550123');
    await page.getByTestId('captcha-answer').fill(rightAnswer === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA');
    await page.getByTestId('registration-submit').click();
    await expect
      .poll(() => page.getByText('The characters do not match the picture. Try the new one.').count())
      .toBe(1);
    await expectNoAxeViolations(page, 'the registration page with a refused answer');
    const secondId = await captchaId(captchaIds, 2);
    expect(secondId).not.toBe(firstId);
    await expect.poll(() => page.getByTestId('captcha-picture').getAttribute('src')).toMatch(/^blob:/);

    await page.getByTestId('captcha-answer').fill(await captchaAnswer(secondId));
    await expect.poll(() => page.getByTestId('registration-submit').isEnabled()).toBe(true);
    await page.getByTestId('registration-submit').click();
    await page.waitForURL('**/confirmation/REGISTRATION_EMAIL_SENT');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toContain('We sent you an email with an activation link.');
    await expectNoAxeViolations(page, 'the registration confirmation');
    await switchLanguage(page, 'Français');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toContain("lien d'activation");
    await expectNoAxeViolations(page, 'the registration confirmation in French');
    await switchLanguage(page, 'English');

    const activationLink = await emailedLink(baseURL, CONTACT.email, '/activation');
    await page.goto(activationLink);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Activate ${CONTACT.email}`);
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
    await expectNoAxeViolations(page, 'the activation page with errors, in French');
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
    await expectNoAxeViolations(page, 'the link problem page');

    // A link whose sealed login name was edited.
    const tampered = new URL(activationLink);
    tampered.searchParams.set('namedUser', `${tampered.searchParams.get('namedUser')}x`);
    await page.goto(tampered.toString());
    await expect
      .poll(() => page.getByTestId('link-problem').textContent())
      .toContain('This link is damaged or was changed.');
  });

  it('resets the password of a registered user from the recovery email; the new one signs in, the old one not', async () => {
    await registerThroughApi(RESETTING_CONTACT, FIRST_PASSWORD);
    const page = await browsing.newPage({ locale: 'fr-FR' });
    const since = await latestSentAt(baseURL, RESETTING_CONTACT.email);
    await page.goto(`${baseURL}/troubleSigningIn`);
    await page.getByTestId('trouble-login-name').fill(RESETTING_CONTACT.email);
    await page.getByTestId('trouble-submit').click();
    await page.getByTestId('trouble-sent').waitFor();

    const resetLink = await emailedLink(baseURL, RESETTING_CONTACT.email, '/resetPassword', since);
    await page.goto(resetLink);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Nouveau mot de passe pour ${RESETTING_CONTACT.email}`);
    await expectNoAxeViolations(page, 'the password reset page in French');
    await switchLanguage(page, 'English');
    await expect.poll(() => page.getByTestId('password-submit').textContent()).toBe('Save the password');
    await expectNoAxeViolations(page, 'the password reset page');

    await setPasswords(page, NEW_PASSWORD);
    await page.waitForURL('**/confirmation/PASSWORD_RESET_DONE');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toBe('Your password has been changed. Sign in with your new password.');
    await switchLanguage(page, 'Français');
    await expect
      .poll(() => page.getByTestId('confirmation-text').textContent())
      .toContain('Votre mot de passe a été modifié.');
    await switchLanguage(page, 'English');

    // The code works once.
    await page.goto(resetLink);
    await setPasswords(page, 'Another-pass-9');
    await expect
      .poll(() => page.getByTestId('link-problem').textContent())
      .toContain('This link has expired or was already used. Ask for a new one.');
    await page.getByTestId('go-to-trouble-signing-in').click();
    await page.waitForURL('**/troubleSigningIn');

    await page.goto(`${baseURL}/login`);
    await page.getByTestId('login-name').fill(RESETTING_CONTACT.email);
    await page.getByTestId('password').fill(FIRST_PASSWORD);
    await page.getByTestId('sign-in').click();
    await expect
      .poll(() => page.getByTestId('login-error').textContent())
      .toContain('The login name or password is incorrect.');
    await expectNoAxeViolations(page, 'the login page with a refused password');

    await page.getByTestId('password').fill(NEW_PASSWORD);
    await page.getByTestId('sign-in').click();
    await page.waitForURL('**/home');
    await expect
      .poll(() => page.getByTestId('user-full-name').textContent())
      .toBe(RESETTING_CONTACT.fullName);
  });
});
