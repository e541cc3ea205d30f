import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TLanguage } from '../../../lib/language';
import { getUserData } from '../../../lib/user-storage';
import { homeRoutes, legalTemplateRoute } from '../../../testing/common-routes';
import { errorBody, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

const userData = buildUserData({ fullName: 'Robin Okafor', firstName: 'Robin' });

const homeCalls: StubRoute[] = homeRoutes({ customers: userData.customers });

/** The whole app in StrictMode, as main.tsx renders it: effects run twice in development. */
function renderSsoScreen(route: string, language: TLanguage = 'en') {
  return renderApp({ route, language, strictMode: true });
}

function refusal(status: number, code: string, message: string): StubRoute {
  return {
    method: 'POST',
    path: '/auth/ssologin',
    reply: { status, body: errorBody(status, code, message) },
  };
}

describe('SSO screen', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it('signs in on load with the code, state and issuer of its address, once, then opens /home', async () => {
    const calls = stubApi([
      { method: 'POST', path: '/auth/ssologin', reply: { body: userData } },
      ...homeCalls,
    ]);
    const { router } = renderSsoScreen('/sso?code=the-code&state=the-state&iss=http%3A%2F%2Fidp.test');
    expect(screen.getByTestId('sso-pending')).toHaveTextContent('Signing you in…');

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Welcome, Robin');
    expect(router.state.location.pathname).toBe('/home');
    const posts = calls.filter((call) => call.path === '/auth/ssologin');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ code: 'the-code', state: 'the-state', iss: 'http://idp.test' });
    expect(posts[0]!.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
    expect(getUserData()?.fullName).toBe('Robin Okafor');
  });

  it("shows the provider's refusal with its description, sends nothing, and links back to sign in", async () => {
    const calls = stubApi([legalTemplateRoute]);
    const { router, user } = renderSsoScreen(
      '/sso?error=access_denied&error_description=End-User%20aborted%20interaction&state=s',
    );
    expect(screen.getByTestId('sso-error')).toHaveTextContent(
      'Single sign-on could not be completed. Please try again.',
    );
    expect(screen.getByTestId('sso-error-detail')).toHaveTextContent(
      'Your sign-in service said: End-User aborted interaction',
    );
    expect(screen.queryByTestId('sso-pending')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByTestId('sso-back-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('speaks French', () => {
    stubApi([]);
    renderSsoScreen('/sso?error=access_denied', 'fr');
    expect(screen.getByTestId('sso-error')).toHaveTextContent(
      "L'authentification unique n'a pas pu aboutir.",
    );
    expect(screen.getByTestId('sso-error-detail')).toHaveTextContent(
      'Réponse de votre service de connexion : access_denied',
    );
    expect(screen.getByTestId('sso-back-to-login')).toHaveTextContent('Retour à la connexion');
  });

  it("shows the portal's own code when the start call sent the browser here", () => {
    stubApi([]);
    renderSsoScreen('/sso?error=SSO_NOT_CONFIGURED');
    expect(screen.getByTestId('sso-error')).toHaveTextContent(
      'Single sign-on is not set up for this portal. Please contact your administrator.',
    );
    expect(screen.queryByTestId('sso-error-detail')).not.toBeInTheDocument();
  });

  it('refuses an address without code or state without calling the server', () => {
    const calls = stubApi([]);
    renderSsoScreen('/sso?code=only-a-code');
    expect(screen.getByTestId('sso-error')).toHaveTextContent('Single sign-on could not be completed.');
    expect(calls).toHaveLength(0);
  });

  it.each([
    [401, 'SSO_UNKNOWN_USER', 'Your single sign-on account is not linked to a user of this portal.'],
    [401, 'SSO_FAILED', 'Single sign-on could not be completed. Please try again.'],
    [415, 'USER_INACTIVE', 'Your account has been deactivated.'],
    [503, 'SSO_NOT_CONFIGURED', 'Single sign-on is not set up for this portal.'],
  ])('shows the server refusal %i %s and stays signed out', async (status, code, text) => {
    const calls = stubApi([refusal(status, code, 'English fallback')]);
    const { router } = renderSsoScreen('/sso?code=c&state=s');
    expect(await screen.findByTestId('sso-error')).toHaveTextContent(text);
    expect(calls.filter((call) => call.path === '/auth/ssologin')).toHaveLength(1);
    expect(getUserData()).toBeNull();
    expect(router.state.location.pathname).toBe('/sso');
    expect(screen.getByTestId('sso-back-to-login')).toBeInTheDocument();
  });
});
