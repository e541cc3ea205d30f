import { ACCOUNT_SETUP_MESSAGES } from '@settle/shared/account-setup';
import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { clearPendingSignIn, getPendingSignIn } from '../../../lib/pending-sign-in';
import { getUserData } from '../../../lib/user-storage';
import { homeRoutes, legalTemplateRoute } from '../../../testing/common-routes';
import { errorBody, type StubReply, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

const LINK = '/activation?companyId=sealed-company&code=code-123&namedUser=sealed-user';
const userData = buildUserData({ loginName: 'jane.doe@acme.test' });

const homeCalls: StubRoute[] = [legalTemplateRoute, ...homeRoutes({ customers: userData.customers })];

function linkChecks(options: { decrypt?: StubReply; inactive?: StubReply } = {}): StubRoute[] {
  return [
    {
      method: 'GET',
      path: '/trUtils/decrypt/sealed-user',
      reply: options.decrypt ?? { body: { value: 'jane.doe@acme.test' } },
    },
    {
      method: 'POST',
      path: '/user/verifyUserAsInactive',
      reply: options.inactive ?? { body: { inactive: true } },
    },
  ];
}

function activationRoute(reply: StubReply): StubRoute {
  return { method: 'POST', path: '/user/activation', reply };
}

async function fillPasswords(user: UserEvent, password: string, confirmation: string) {
  if (password) await user.type(screen.getByTestId('new-password'), password);
  if (confirmation) await user.type(screen.getByTestId('confirm-password'), confirmation);
}

describe('the activation page', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
    clearPendingSignIn();
  });

  it('names the account, sets the first password, stores the user data and opens /home', async () => {
    const calls = stubApi([...homeCalls, ...linkChecks(), activationRoute({ body: userData })]);
    const { user, router } = renderApp({ route: LINK });

    expect(await screen.findByRole('heading', { name: 'Activate jane.doe@acme.test' })).toBeInTheDocument();
    expect(screen.getByText('8 to 20 characters.')).toBeInTheDocument();
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    expect(calls.find((call) => call.path === '/user/verifyUserAsInactive')?.body).toEqual({
      encryptedCompanyId: 'sealed-company',
      namedUser: 'sealed-user',
    });
    expect(screen.getByTestId('password-submit')).toBeDisabled();

    await fillPasswords(user, 'Correct-horse-1', 'Correct-horse-1');
    await waitFor(() => expect(screen.getByTestId('password-submit')).toBeEnabled());
    await user.click(screen.getByTestId('password-submit'));

    expect(await screen.findByTestId('greeting')).toHaveTextContent('Welcome, Jane');
    expect(router.state.location.pathname).toBe('/home');
    const post = calls.find((call) => call.path === '/user/activation');
    expect(post?.body).toEqual({
      encryptedCompanyId: 'sealed-company',
      activationCode: 'code-123',
      namedUser: 'sealed-user',
      password: 'Correct-horse-1',
      confirmPassword: 'Correct-horse-1',
      reset: 'N',
    });
    expect(post?.headers.get('X-XSRF-TOKEN')).toBe('anonymous-token');
    expect(getUserData()?.loginName).toBe('jane.doe@acme.test');
  });

  it('goes to the PIN step, as the login page does, when a code was texted', async () => {
    stubApi([
      ...homeCalls,
      ...linkChecks(),
      activationRoute({
        body: { pinRequired: true, pincodeMethod: 'SMS', maskedMobile: '••••0042', factors: ['SMS'] },
      }),
    ]);
    const { user, router } = renderApp({ route: LINK });
    await screen.findByTestId('new-password');
    await fillPasswords(user, 'Correct-horse-1', 'Correct-horse-1');
    await user.click(screen.getByTestId('password-submit'));

    expect(await screen.findByTestId('pin-sent-to')).toHaveTextContent('We sent a code to ••••0042.');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/postLogin?pinCode=true&pincodeMethod=SMS',
    );
    expect(getPendingSignIn()).toEqual({
      loginName: 'jane.doe@acme.test',
      password: 'Correct-horse-1',
      maskedMobile: '••••0042',
    });
    expect(getUserData()).toBeNull();
  });

  it("shows the rule's three messages and sends nothing while one stands", async () => {
    const calls = stubApi([...linkChecks(), activationRoute({ body: userData })]);
    const { user } = renderApp({ route: LINK });
    await screen.findByTestId('new-password');

    await user.type(screen.getByTestId('new-password'), 'short');
    await user.click(screen.getByTestId('confirm-password'));
    await user.tab();
    expect(await screen.findByText('Enter the password and its confirmation')).toBeInTheDocument();

    await user.type(screen.getByTestId('confirm-password'), 'short');
    expect(await screen.findByText('The password must have 8 to 20 characters')).toBeInTheDocument();

    await user.clear(screen.getByTestId('new-password'));
    await user.type(screen.getByTestId('new-password'), 'Correct-horse-1');
    expect(await screen.findByText('The password and its confirmation do not match')).toBeInTheDocument();
    expect(screen.queryByText('The password must have 8 to 20 characters')).not.toBeInTheDocument();

    await user.clear(screen.getByTestId('new-password'));
    await user.type(screen.getByTestId('new-password'), 'x'.repeat(21));
    expect(await screen.findByText('The password must have 8 to 20 characters')).toBeInTheDocument();

    expect(screen.getByTestId('password-submit')).toBeDisabled();
    expect(calls.filter((call) => call.path === '/user/activation')).toHaveLength(0);
  });

  it('shows the same messages in French', async () => {
    stubApi(linkChecks());
    const { user } = renderApp({ route: LINK, language: 'fr' });
    expect(await screen.findByRole('heading', { name: 'Activer jane.doe@acme.test' })).toBeInTheDocument();
    expect(screen.getByText('De 8 à 20 caractères.')).toBeInTheDocument();
    await fillPasswords(user, 'court', 'autre');
    await user.tab();
    expect(
      await screen.findByText('Le mot de passe doit comporter de 8 à 20 caractères'),
    ).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe et sa confirmation ne correspondent pas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activer et se connecter' })).toBeDisabled();
  });

  it("puts the server's field messages under the password fields", async () => {
    stubApi([
      ...linkChecks(),
      activationRoute({
        status: 400,
        body: errorBody(400, 'VALIDATION_FAILED', ACCOUNT_SETUP_MESSAGES.passwordMismatch, {
          fieldErrors: [
            { field: 'body.confirmPassword', message: ACCOUNT_SETUP_MESSAGES.passwordMismatch },
            { field: 'body.password', message: 'This password is too common' },
          ],
        }),
      }),
    ]);
    const { user, router } = renderApp({ route: LINK });
    await screen.findByTestId('new-password');
    await fillPasswords(user, 'Password123', 'Password123');
    await user.click(screen.getByTestId('password-submit'));

    expect(await screen.findByText('The password and its confirmation do not match')).toBeInTheDocument();
    expect(screen.getByText('This password is too common')).toBeInTheDocument();
    expect(screen.queryByTestId('password-error')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/activation');
    expect(getUserData()).toBeNull();
  });

  it('tells the owner of an active account to sign in, and shows no form', async () => {
    stubApi([
      ...linkChecks({
        inactive: {
          status: 406,
          body: errorBody(406, 'USER_ALREADY_ACTIVE', 'This account is already active.'),
        },
      }),
      legalTemplateRoute,
    ]);
    const { user, router } = renderApp({ route: LINK });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This account is already active. Sign in with your password.',
    );
    expect(screen.queryByTestId('new-password')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('go-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('tells the owner of an account the provider deactivated so (415), and shows no form', async () => {
    const calls = stubApi([
      ...linkChecks({
        inactive: {
          status: 415,
          body: errorBody(415, 'USER_INACTIVE', 'Your account has been deactivated.'),
        },
      }),
      legalTemplateRoute,
    ]);
    const { router } = renderApp({ route: LINK, language: 'fr' });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'Votre compte a été désactivé. Veuillez contacter votre administrateur.',
    );
    expect(screen.queryByTestId('new-password')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/user/activation')).toBe(false);
    expect(router.state.location.pathname).toBe('/activation');
  });

  it('says a tampered link is damaged, and shows no form', async () => {
    stubApi(
      linkChecks({
        decrypt: {
          status: 400,
          body: errorBody(400, 'INVALID_LINK', 'This link is damaged or was changed.'),
        },
        inactive: {
          status: 400,
          body: errorBody(400, 'INVALID_LINK', 'This link is damaged or was changed.'),
        },
      }),
    );
    renderApp({ route: LINK });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link is damaged or was changed. Open the link from your email again, or ask for a new one.',
    );
    expect(screen.queryByTestId('new-password')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Activate your account' })).toBeInTheDocument();
  });

  it('says a link without its code is damaged, without asking the server', async () => {
    const calls = stubApi(linkChecks());
    renderApp({ route: '/activation?companyId=sealed-company&namedUser=sealed-user' });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link is damaged or was changed.',
    );
    expect(calls).toHaveLength(0);
  });

  it('replaces the form with the reason when the code has expired', async () => {
    stubApi([
      ...linkChecks(),
      activationRoute({ status: 406, body: errorBody(406, 'LINK_EXPIRED', 'This link has expired.') }),
    ]);
    const { user } = renderApp({ route: LINK });
    await screen.findByTestId('new-password');
    await fillPasswords(user, 'Correct-horse-1', 'Correct-horse-1');
    await user.click(screen.getByTestId('password-submit'));
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link has expired or was already used. Ask for a new one.',
    );
    expect(screen.queryByTestId('new-password')).not.toBeInTheDocument();
  });
});
