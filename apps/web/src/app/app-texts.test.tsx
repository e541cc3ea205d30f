import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadNamespaces, startI18n } from '../lib/i18n';
import { SIGN_IN_NAMESPACES } from '../lib/i18n-namespaces';
import { APP_NAMESPACES, LOCALE_NAMESPACES } from '../lib/locale-files';
import { setUserData } from '../lib/user-storage';
import { homeRoutes, legalTemplateRoute, preloginRoute } from '../testing/common-routes';
import { stubApi } from '../testing/fetch-stub';
import { buildUserData } from '../testing/fixtures';
import { namespacesHeld, watchMissingTexts } from '../testing/texts';
import { setXsrfCookie } from '../testing/xsrf-cookie';
import { App } from './app';

/**
 * The app as main.tsx starts it (the browser router, the texts fetched as the app fetches them),
 * past the sign-in pages: every screen under the root layout has every namespace before it renders.
 */
const french = { language: 'fr', locale: 'fr_FR', localeForFormatting: 'fr-FR' } as const;
const everyNamespace = [...LOCALE_NAMESPACES].sort();
const signInNamespaces = [...SIGN_IN_NAMESPACES].sort();

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the texts after sign-in', () => {
  it('are all there, in French only, for a French user opening /home by its address', async () => {
    setUserData(buildUserData(french));
    stubApi(homeRoutes());
    const i18n = await startI18n('fr');
    const missing = watchMissingTexts(i18n);
    window.history.replaceState(null, '', '/home');

    render(<App i18n={i18n} />);

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Bienvenue, Jane');
    expect(await screen.findByTestId('summary-open-amount')).toBeVisible();
    expect(missing).toEqual([]);
    expect(namespacesHeld(i18n, 'fr')).toEqual(everyNamespace);
    expect(namespacesHeld(i18n, 'en')).toEqual([]);
  });

  it('come in the user’s language, not the login page’s, when a French user signs in on the English page', async () => {
    setXsrfCookie('anonymous-token');
    stubApi([
      legalTemplateRoute,
      preloginRoute(),
      { method: 'POST', path: '/auth/login', reply: { body: buildUserData(french) } },
      ...homeRoutes(),
    ]);
    const i18n = await startI18n('en');
    const missing = watchMissingTexts(i18n);
    window.history.replaceState(null, '', '/login');
    render(<App i18n={i18n} />);
    const user = userEvent.setup();

    await user.type(await screen.findByTestId('login-name'), 'jdoe');
    await user.type(screen.getByTestId('password'), 'secret');
    await user.click(screen.getByTestId('sign-in'));

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Bienvenue, Jane');
    expect(missing).toEqual([]);
    expect(namespacesHeld(i18n, 'fr')).toEqual(everyNamespace);
    // The English texts of the screens after sign-in were never fetched.
    expect(namespacesHeld(i18n, 'en')).toEqual(signInNamespaces);
  });

  it('all come in the new language when the profile changes it', async () => {
    const i18n = await startI18n('en');
    await loadNamespaces(i18n, APP_NAMESPACES);

    await i18n.changeLanguage('fr');

    expect(namespacesHeld(i18n, 'fr')).toEqual(everyNamespace);
    await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
  });
});
