import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { legalTemplateRoute, preloginRoute } from '../testing/common-routes';
import { stubApi } from '../testing/fetch-stub';
import { renderApp } from '../testing/render';
import { resources } from './i18n-resources';
import { initialLanguage, normalizeLanguage } from './language';
import { LOCALE_NAMESPACES } from './locale-files';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

/** French plurals have a "many" form English does not; everything else must match. */
const withoutPluralForms = (keys: string[]) => keys.filter((key) => !key.endsWith('_many')).sort();

describe('i18n', () => {
  it('has every English key in French and no French key missing in English', () => {
    for (const namespace of Object.keys(resources.en) as Array<keyof typeof resources.en>) {
      expect(withoutPluralForms(keysOf(resources.fr[namespace])), namespace).toEqual(
        withoutPluralForms(keysOf(resources.en[namespace])),
      );
    }
  });

  it('bundles for tests every namespace the app can fetch', () => {
    expect(Object.keys(resources.en).sort()).toEqual([...LOCALE_NAMESPACES].sort());
    expect(Object.keys(resources.fr).sort()).toEqual([...LOCALE_NAMESPACES].sort());
  });

  it('renders the login page in French and sets <html lang>', () => {
    stubApi([{ method: 'GET', path: '/auth/privacyTemplate', reply: { body: { value: '' } } }]);
    renderApp({ route: '/login', language: 'fr' });
    expect(screen.getByTestId('sign-in')).toHaveTextContent('Se connecter');
    expect(screen.getByLabelText('Identifiant')).toBeInTheDocument();
    expect(screen.getByText('Problème de connexion ?')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('fr');
  });

  it('switches language from the login page and remembers the choice', async () => {
    const calls = stubApi([{ method: 'GET', path: '/auth/privacyTemplate', reply: { body: { value: '' } } }]);
    const { user } = renderApp({ route: '/login', language: 'en' });
    expect(screen.getByTestId('sign-in')).toHaveTextContent('Sign in');

    await user.click(screen.getByLabelText('Français'));

    expect(screen.getByTestId('sign-in')).toHaveTextContent('Se connecter');
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem('preferredLanguage')).toBe('fr');
    // The legal texts are asked again in the new language.
    await waitFor(() =>
      expect(calls.some((call) => call.query.get('userBrowserPreferedLanguage') === 'fr')).toBe(true),
    );
  });

  it('translates error codes and falls back to English for unknown ones', async () => {
    stubApi([
      legalTemplateRoute,
      preloginRoute(),
      {
        method: 'POST',
        path: '/auth/login',
        reply: { status: 415, body: { statusCode: 415, code: 'USER_INACTIVE', message: 'Deactivated.' } },
      },
    ]);
    const { user } = renderApp({ route: '/login', language: 'fr' });
    await user.type(screen.getByLabelText('Identifiant'), 'jdoe');
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    await user.click(screen.getByTestId('sign-in'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Votre compte a été désactivé.');
  });

  it('picks the user language, then the stored choice, then the browser language', () => {
    expect(normalizeLanguage('fr-CA')).toBe('fr');
    expect(normalizeLanguage('de-DE')).toBe('en');
    expect(initialLanguage({ userLanguage: 'fr_FR', browserLanguage: 'en-US' })).toBe('fr');
    expect(initialLanguage({ browserLanguage: 'fr-BE' })).toBe('fr');
    localStorage.setItem('preferredLanguage', 'en');
    expect(initialLanguage({ browserLanguage: 'fr-BE' })).toBe('en');
  });
});
