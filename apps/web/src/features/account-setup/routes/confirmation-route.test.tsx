import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { renderApp } from '../../../testing/render';

describe('the confirmation panel', () => {
  it('tells a new user to look for the activation email, with a way to the login page', async () => {
    stubApi([{ method: 'GET', path: '/auth/privacyTemplate', reply: { body: { value: '' } } }]);
    const { user, router } = renderApp({ route: '/confirmation/REGISTRATION_EMAIL_SENT' });
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-text')).toHaveTextContent(
      'We sent you an email with an activation link.',
    );
    expect(screen.queryByTestId('sign-out')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('go-to-login'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('confirms a changed password, in French too', () => {
    renderApp({ route: '/confirmation/PASSWORD_RESET_DONE', language: 'fr' });
    expect(screen.getByRole('heading', { name: 'Mot de passe modifié' })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-text')).toHaveTextContent(
      'Votre mot de passe a été modifié. Connectez-vous avec votre nouveau mot de passe.',
    );
    expect(screen.getByTestId('go-to-login')).toHaveTextContent('Aller à la connexion');
  });

  it('shows a neutral text for an unknown code, never the code itself', () => {
    renderApp({ route: '/confirmation/%3Cb%3EHACKED%3C%2Fb%3E' });
    expect(screen.getByRole('heading', { name: 'Done' })).toBeInTheDocument();
    expect(screen.getByTestId('confirmation-text')).toHaveTextContent('Your request has been processed.');
    expect(document.body.textContent).not.toContain('HACKED');
  });
});
