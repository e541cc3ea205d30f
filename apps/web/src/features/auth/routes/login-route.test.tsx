import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getUserData } from '../../../lib/user-storage';
import { homeRoutes, legalTemplateRoute, preloginRoute } from '../../../testing/common-routes';
import { errorBody, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

/** The legal texts the page loads, and the pre-login step of a tenant that signs in with a password. */
const legalTemplates: StubRoute[] = [legalTemplateRoute, preloginRoute()];

describe('login page', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it('shows what each field needs and sends nothing while the form is invalid', async () => {
    const calls = stubApi(legalTemplates);
    const { user } = renderApp({ route: '/login' });

    await user.click(screen.getByTestId('sign-in'));

    expect(await screen.findByText('Enter your login name')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    expect(screen.getByLabelText('Login name')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the generic error on wrong credentials and stays signed out', async () => {
    stubApi([
      ...legalTemplates,
      {
        method: 'POST',
        path: '/auth/login',
        reply: { status: 401, body: errorBody(401, 'INVALID_CREDENTIALS', 'Wrong login name or password.') },
      },
    ]);
    const { user, router } = renderApp({ route: '/login' });

    await user.type(screen.getByLabelText('Login name'), 'jdoe');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByTestId('sign-in'));

    expect(await screen.findByTestId('login-error')).toHaveTextContent(
      'The login name or password is incorrect.',
    );
    expect(getUserData()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the server message when it knows no translation for the code', async () => {
    stubApi([
      ...legalTemplates,
      {
        method: 'POST',
        path: '/auth/login',
        reply: { status: 403, body: errorBody(403, 'SOMETHING_NEW', 'A message only the server knows.') },
      },
    ]);
    const { user } = renderApp({ route: '/login' });
    await user.type(screen.getByLabelText('Login name'), 'jdoe');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByTestId('sign-in'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent('A message only the server knows.');
  });

  it('signs in with the XSRF header, stores userData and opens /home', async () => {
    const userData = buildUserData();
    const calls = stubApi([
      ...legalTemplates,
      { method: 'POST', path: '/auth/login', reply: { body: userData } },
      ...homeRoutes({ customers: userData.customers }),
    ]);
    const { user, router } = renderApp({ route: '/login' });

    await user.type(screen.getByLabelText('Login name'), '  jdoe ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByTestId('sign-in'));

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Welcome, Jane');
    expect(router.state.location.pathname).toBe('/home');
    const post = calls.find((call) => call.path === '/auth/login');
    expect(post?.body).toEqual({ loginName: 'jdoe', password: 'correct horse' });
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
    expect(getUserData()?.fullName).toBe('Jane Doe');
    expect(screen.getByTestId('user-full-name')).toHaveTextContent('Jane Doe');
  });

  it('shows the server field errors of a 400 under their fields', async () => {
    stubApi([
      ...legalTemplates,
      {
        method: 'POST',
        path: '/auth/login',
        reply: {
          status: 400,
          body: errorBody(400, 'VALIDATION_FAILED', 'Invalid', {
            fieldErrors: [{ field: 'loginName', message: 'This login name is not allowed here' }],
          }),
        },
      },
    ]);
    const { user } = renderApp({ route: '/login' });
    await user.type(screen.getByLabelText('Login name'), 'x');
    await user.type(screen.getByLabelText('Password'), 'y');
    await user.click(screen.getByTestId('sign-in'));

    expect(await screen.findByText('This login name is not allowed here')).toBeInTheDocument();
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it('shows the stored reason of the last sign-out', async () => {
    stubApi(legalTemplates);
    sessionStorage.setItem('logoutReason', 'MGMT_SHUTDOWN');
    renderApp({ route: '/login' });
    expect(screen.getByTestId('logout-reason')).toHaveTextContent(
      'Your session was ended by an administrator. Please sign in again.',
    );
  });

  it('links to sign-in recovery', async () => {
    stubApi(legalTemplates);
    const { user, router } = renderApp({ route: '/login' });
    await user.click(screen.getByTestId('trouble-signing-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/troubleSigningIn'));
    expect(screen.getByText(/contact your administrator/)).toBeInTheDocument();
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
  });
});
