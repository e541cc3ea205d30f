import type { TUserProfile } from '@settle/shared/user-profile';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getUserData } from '../../../lib/user-storage';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { ProfileRoute } from './profile-route';

const profile: TUserProfile = {
  loginName: 'jdoe',
  firstName: 'Jane',
  lastName: 'Doe',
  locale: 'en_US',
  localeForFormatting: 'en-US',
  preferredLanguage: 'en',
  timezone: 'America/New_York',
  smsAreaCode: '+1',
  smsPhone: '',
  companyDefMask: '(###) ###-####',
};

function stubProfile(put: (call: RecordedCall) => { status?: number; body: unknown }) {
  return stubApi([
    { method: 'GET', path: '/user/profile', reply: { body: profile } },
    {
      method: 'GET',
      path: '/location/locales',
      reply: {
        body: [
          { code: 'en_US', name: 'English (United States)' },
          { code: 'fr_FR', name: 'Français (France)' },
        ],
      },
    },
    { method: 'GET', path: '/location/timeZones', reply: { body: ['America/New_York', 'Europe/Paris'] } },
    { method: 'PUT', path: '/user/profile', reply: put },
  ]);
}

const savedAs = (call: RecordedCall, extra: object = {}) => ({
  body: {
    ...profile,
    ...(call.body as object),
    localeForFormatting: 'fr-FR',
    passwordChanged: false,
    endedSessions: 0,
    ...extra,
  },
});

describe('ProfileRoute', () => {
  it('loads the profile into the general tab; the other tabs wait for saved payment profiles', async () => {
    stubProfile((call) => savedAs(call));
    const { user } = renderComponent(<ProfileRoute />, { userData: buildUserData() });
    expect(screen.getByTestId('profile-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('profile-first-name')).toHaveValue('Jane');
    expect(screen.getByTestId('profile-timezone')).toHaveValue('America/New_York');
    await user.click(screen.getByTestId('profile-tab-cards'));
    expect(await screen.findByTestId('profile-cards-pending')).toHaveTextContent('saved payment profiles');
  });

  it('formats the mobile number with the company mask when leaving the field', async () => {
    stubProfile((call) => savedAs(call));
    const { user } = renderComponent(<ProfileRoute />, { userData: buildUserData() });
    await user.type(await screen.findByTestId('profile-mobile'), '5145550101');
    await user.tab();
    expect(screen.getByTestId('profile-mobile')).toHaveValue('(514) 555-0101');
  });

  it('asks for all three password fields once one is typed, and checks length and match, before sending anything', async () => {
    const calls = stubProfile((call) => savedAs(call));
    const { user } = renderComponent(<ProfileRoute />, { userData: buildUserData() });
    await user.type(await screen.findByTestId('profile-new-password'), 'short');
    await user.click(screen.getByTestId('profile-save'));
    expect(
      await screen.findAllByText('Enter the current password, the new one and its confirmation'),
    ).toHaveLength(2);
    await user.type(screen.getByTestId('profile-current-password'), 'old-password');
    await user.type(screen.getByTestId('profile-confirm-password'), 'short');
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('The password must have 8 to 20 characters')).toBeInTheDocument();
    await user.clear(screen.getByTestId('profile-new-password'));
    await user.clear(screen.getByTestId('profile-confirm-password'));
    await user.type(screen.getByTestId('profile-new-password'), 'new-password-1');
    await user.type(screen.getByTestId('profile-confirm-password'), 'new-password-2');
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('The password and its confirmation do not match')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it("shows a 406's translated key under the current password", async () => {
    stubProfile(() => ({
      status: 406,
      body: {
        statusCode: 406,
        code: 'CURRENT_PASSWORD_WRONG',
        message: 'The current password is not correct.',
        fieldErrors: [{ field: 'body.currentPswd', message: 'The current password is not correct.' }],
      },
    }));
    const { user } = renderComponent(<ProfileRoute />, { userData: buildUserData(), language: 'fr' });
    await user.type(await screen.findByTestId('profile-current-password'), 'wrong-password');
    await user.type(screen.getByTestId('profile-new-password'), 'new-password-1');
    await user.type(screen.getByTestId('profile-confirm-password'), 'new-password-1');
    await user.click(screen.getByTestId('profile-save'));
    expect(await screen.findByTestId('profile-error')).toHaveTextContent(
      'Le mot de passe actuel n’est pas correct.',
    );
    expect(screen.getByTestId('profile-current-password')).toHaveAccessibleDescription(
      /Le mot de passe actuel/,
    );
  });

  it('applies a new language and locale at once: the interface turns French and the user data formats follow', async () => {
    const calls = stubProfile((call) => savedAs(call));
    const { user } = renderComponent(<ProfileRoute />, { userData: buildUserData() });
    await user.click(await screen.findByTestId('profile-language'));
    await user.click(await screen.findByRole('option', { name: 'Français' }));
    await user.click(screen.getByTestId('profile-locale'));
    await user.click(await screen.findByRole('option', { name: 'Français (France)' }));
    await user.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      preferredLanguage: 'fr',
      locale: 'fr_FR',
    });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Mon profil');
    expect(getUserData()).toMatchObject({ language: 'fr', locale: 'fr_FR', localeForFormatting: 'fr-FR' });
    expect(document.documentElement.lang).toBe('fr');
  });
});
