import { screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { beforeEach, describe, expect, it } from 'vitest';
import { createI18n, startI18n } from '../lib/i18n';
import { SIGN_IN_NAMESPACES } from '../lib/i18n-namespaces';
import { SUPPORTED_LANGUAGES, type TLanguage } from '../lib/language';
import { storeLogoutReason } from '../lib/logout-reason';
import { legalTemplateRoute, preloginRoute } from '../testing/common-routes';
import { errorBody, stubApi } from '../testing/fetch-stub';
import { renderApp } from '../testing/render';
import { namespacesHeld, watchMissingTexts } from '../testing/texts';
import { setXsrfCookie } from '../testing/xsrf-cookie';

/**
 * The sign-in pages with their texts as the app fetches them (lib/i18n.ts startI18n), not with
 * every text as the other tests bundle them: what they show must be in the sign-in namespaces,
 * and nothing else may be fetched, because /login is the first visit's download.
 */

const otherLanguage = (language: TLanguage) => SUPPORTED_LANGUAGES.find((other) => other !== language)!;

/** Every sign-in page, in every state that shows a text of its own, through the app's router. */
async function walkSignInPages(i18n: i18n) {
  let attempts = 0;
  stubApi([
    legalTemplateRoute,
    preloginRoute(),
    { method: 'POST', path: '/auth/troubleSigningIn', reply: { body: { sent: true } } },
    {
      method: 'POST',
      path: '/auth/login',
      // A server error the client translates first, then the code step.
      reply: () =>
        ++attempts === 1
          ? { status: 415, body: errorBody(415, 'USER_INACTIVE', 'Deactivated.') }
          : { body: { pinRequired: true, pincodeMethod: 'SMS', maskedMobile: '••••0042', factors: ['SMS'] } },
    },
  ]);
  storeLogoutReason('SESSION_EXPIRED');
  const { user, router, unmount } = renderApp({ route: '/login', i18n });

  expect(await screen.findByTestId('logout-reason')).toBeVisible();
  await user.click(screen.getByTestId('sign-in'));
  await user.type(screen.getByTestId('login-name'), 'jdoe');
  await user.type(screen.getByTestId('password'), 'secret');
  await user.click(screen.getByTestId('sign-in'));
  expect(await screen.findByTestId('login-error')).toHaveTextContent(i18n.t('errors:USER_INACTIVE'));
  await user.click(screen.getByTestId('sign-in'));
  expect(await screen.findByTestId('pin-sent-to')).toBeVisible();
  await user.click(screen.getByTestId('pin-verify'));
  await router.navigate('/troubleSigningIn');
  await user.click(await screen.findByTestId('trouble-submit'));
  await user.type(screen.getByTestId('trouble-login-name'), 'jdoe');
  await user.click(screen.getByTestId('trouble-submit'));
  expect(await screen.findByTestId('trouble-sent')).toBeVisible();
  unmount();
}

describe('the sign-in pages’ texts', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it.each(SUPPORTED_LANGUAGES)(
    'are the namespaces those pages use, and only those (%s)',
    async (language) => {
      // An instance with no text yet: each page pulls the namespaces it names, and a text of a
      // namespace it does not name is reported missing.
      const pulling = createI18n(language, {}, []);
      const missingWhilePulling = watchMissingTexts(pulling);
      await walkSignInPages(pulling);
      expect(missingWhilePulling).toEqual([]);
      expect(namespacesHeld(pulling, language)).toEqual([...SIGN_IN_NAMESPACES].sort());
    },
  );

  it.each(SUPPORTED_LANGUAGES)(
    'are fetched first, and nothing else on those pages (%s)',
    async (language) => {
      const i18n = await startI18n(language);
      expect(namespacesHeld(i18n, language)).toEqual([...SIGN_IN_NAMESPACES].sort());
      const missing = watchMissingTexts(i18n);
      await walkSignInPages(i18n);
      expect(missing).toEqual([]);
      expect(namespacesHeld(i18n, language)).toEqual([...SIGN_IN_NAMESPACES].sort());
      expect(namespacesHeld(i18n, otherLanguage(language))).toEqual([]);
    },
  );

  it('come in the other language when the login page switches to it, and no other namespace', async () => {
    stubApi([legalTemplateRoute]);
    const i18n = await startI18n('en');
    const missing = watchMissingTexts(i18n);
    const { user } = renderApp({ route: '/login', i18n });

    await user.click(screen.getByLabelText('Français'));

    expect(await screen.findByText('Problème de connexion ?')).toBeVisible();
    expect(missing).toEqual([]);
    expect(namespacesHeld(i18n, 'fr')).toEqual([...SIGN_IN_NAMESPACES].sort());
  });
});
