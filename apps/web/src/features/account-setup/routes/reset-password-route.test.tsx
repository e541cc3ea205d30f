import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { errorBody, type StubReply, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render';
import { setXsrfCookie } from '../../../testing/xsrf-cookie';

const LINK = '/resetPassword?companyId=sealed-company&code=code-456&namedUser=sealed-user';

const decryptRoute: StubRoute = {
  method: 'GET',
  path: '/trUtils/decrypt/sealed-user',
  reply: { body: { value: 'jane.doe@acme.test' } },
};

function resetRoute(reply: StubReply): StubRoute {
  return { method: 'POST', path: '/user/resetPassword', reply };
}

async function submitPasswords(user: UserEvent, password: string) {
  await screen.findByTestId('new-password');
  await user.type(screen.getByTestId('new-password'), password);
  await user.type(screen.getByTestId('confirm-password'), password);
  await waitFor(() => expect(screen.getByTestId('password-submit')).toBeEnabled());
  await user.click(screen.getByTestId('password-submit'));
}

describe('the reset-password page', () => {
  beforeEach(() => {
    setXsrfCookie('anonymous-token');
  });

  it('sends the new password with reset Y and confirms it, without checking whether the user is inactive', async () => {
    const calls = stubApi([
      decryptRoute,
      resetRoute({ body: { message: 'PASSWORD_RESET_DONE' } }),
      { method: 'GET', path: '/auth/privacyTemplate', reply: { body: { value: '' } } },
    ]);
    const { user, router } = renderApp({ route: LINK });
    expect(
      await screen.findByRole('heading', { name: 'New password for jane.doe@acme.test' }),
    ).toBeInTheDocument();

    await submitPasswords(user, 'New-password-2');

    await waitFor(() => expect(router.state.location.pathname).toBe('/confirmation/PASSWORD_RESET_DONE'));
    expect(await screen.findByTestId('confirmation-text')).toHaveTextContent(
      'Your password has been changed. Sign in with your new password.',
    );
    expect(calls.find((call) => call.path === '/user/resetPassword')?.body).toEqual({
      encryptedCompanyId: 'sealed-company',
      activationCode: 'code-456',
      namedUser: 'sealed-user',
      password: 'New-password-2',
      confirmPassword: 'New-password-2',
      reset: 'Y',
    });
    expect(calls.some((call) => call.path === '/user/verifyUserAsInactive')).toBe(false);
    await user.click(screen.getByTestId('go-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('sends an expired link to trouble signing in for a new one', async () => {
    stubApi([
      decryptRoute,
      resetRoute({ status: 406, body: errorBody(406, 'LINK_EXPIRED', 'This link has expired.') }),
    ]);
    const { user, router } = renderApp({ route: LINK });
    await submitPasswords(user, 'New-password-2');

    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link has expired or was already used. Ask for a new one.',
    );
    expect(screen.queryByTestId('new-password')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('go-to-trouble-signing-in'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/troubleSigningIn'));
  });

  it('says so in French', async () => {
    stubApi([
      decryptRoute,
      resetRoute({ status: 406, body: errorBody(406, 'LINK_EXPIRED', 'This link has expired.') }),
    ]);
    const { user } = renderApp({ route: LINK, language: 'fr' });
    expect(
      await screen.findByRole('heading', { name: 'Nouveau mot de passe pour jane.doe@acme.test' }),
    ).toBeInTheDocument();
    await submitPasswords(user, 'Nouveau-mdp-2');
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'Ce lien a expiré ou a déjà été utilisé. Demandez-en un nouveau.',
    );
    expect(screen.getByTestId('go-to-trouble-signing-in')).toHaveTextContent('Demander un nouveau lien');
  });

  it('says a tampered link is damaged, and shows no form', async () => {
    stubApi([
      {
        ...decryptRoute,
        reply: { status: 400, body: errorBody(400, 'INVALID_LINK', 'This link is damaged or was changed.') },
      },
    ]);
    renderApp({ route: LINK });
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      'This link is damaged or was changed. Open the link from your email again, or ask for a new one.',
    );
    expect(screen.queryByTestId('new-password')).not.toBeInTheDocument();
  });
});
