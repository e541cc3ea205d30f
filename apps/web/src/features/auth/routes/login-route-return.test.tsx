import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPendingSignIn } from '../../../lib/pending-sign-in';
import { homeRoutes, legalTemplateRoute, preloginRoute } from '../../../testing/common-routes';
import { type RecordedCall, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

const userData = buildUserData();
const pinRequired = { pinRequired: true, pincodeMethod: 'SMS', maskedMobile: '••••0042', factors: ['SMS'] };

/** The login page's calls, /home's, and a password step answering `first` (then the user with a code). */
function signInApi(first: unknown): StubRoute[] {
  return [
    legalTemplateRoute,
    preloginRoute(),
    ...homeRoutes({ customers: userData.customers }),
    {
      method: 'POST',
      path: '/auth/login',
      reply: (call: RecordedCall) => ({
        body: (call.body as { pinCode?: string }).pinCode ? userData : first,
      }),
    },
    // The detail page the deep link names.
    {
      method: 'GET',
      path: '/invoices/INV-77',
      reply: { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: 'x' } },
    },
  ];
}

async function submitPassword(user: UserEvent) {
  await user.type(screen.getByLabelText('Login name'), 'jdoe');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByTestId('sign-in'));
}

describe('a deep link opened while signed out', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
    clearPendingSignIn();
  });

  it('goes to the login page, which remembers it, and returns there after the password', async () => {
    stubApi(signInApi(userData));
    const { user, router } = renderApp({ route: '/home?tab=overdue' });

    await screen.findByTestId('sign-in');
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/home?tab=overdue');

    await submitPassword(user);
    await screen.findByTestId('greeting');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/home?tab=overdue');
  });

  it('returns there after the code step too', async () => {
    stubApi(signInApi(pinRequired));
    const { user, router } = renderApp({ route: '/login?returnTo=%2Fhome%3Ffrom%3Dlink' });

    await submitPassword(user);
    await screen.findByTestId('pin-sent-to');
    expect(router.state.location.pathname).toBe('/postLogin');
    await user.click(screen.getByTestId('pin-digit-0'));
    await user.keyboard('123456');
    await user.click(screen.getByTestId('pin-verify'));

    await screen.findByTestId('greeting');
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/home?from=link');
  });

  it('never leaves the portal: another origin gets /home', async () => {
    stubApi(signInApi(userData));
    const { user, router } = renderApp({ route: '/login?returnTo=%2F%2Fevil.example%2Fhome' });

    await submitPassword(user);
    await screen.findByTestId('greeting');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.state.location.search).toBe('');
  });
});
