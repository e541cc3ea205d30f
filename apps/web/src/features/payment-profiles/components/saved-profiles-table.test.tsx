import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { SavedProfilesTable } from './saved-profiles-table';

const NOW = new Date('2026-06-15T12:00:00Z');

const card: TPaymentProfile = {
  id: 7,
  profileType: 'CREDIT_CARD',
  achEnabled: 0,
  aliasName: 'Office',
  custNo: 'C1',
  cardType: 'Visa',
  lastDigits: '4242',
  cardHolderName: 'Grace Hopper',
  expirationDateStr: '12 / 2030',
  expirationDate: '2030-12-31',
  expired: false,
  accountNum: null,
  routingNum: null,
  accountType: null,
  name: null,
};
const expired: TPaymentProfile = {
  ...card,
  id: 8,
  aliasName: '',
  expirationDateStr: '01 / 2025',
  expired: true,
};

function stub(
  update: (call: RecordedCall) => { status?: number; body: unknown } = () => ({
    body: { success: true, message: 'ok' },
  }),
) {
  let list = [card, expired];
  return stubApi([
    { method: 'GET', path: '/payment/profiles', reply: () => ({ body: list }) },
    { method: 'POST', path: '/payment/updateProfile', reply: update },
    {
      method: 'PUT',
      path: '/payment/delete',
      reply: (call) => {
        list = list.filter((profile) => String(profile.id) !== call.query.get('paymentProfileId'));
        return { body: { success: true, message: 'The payment profile was deleted.' } };
      },
    },
  ]);
}

describe('SavedProfilesTable', () => {
  it('checks the expiry live with the rules, saves only a valid date, and cancel restores the row', async () => {
    const calls = stub();
    const { user } = renderComponent(<SavedProfilesTable kind="cards" now={NOW} />, {
      userData: buildUserData(),
    });
    expect(await screen.findByTestId('profile-8-expired')).toHaveTextContent('Expired');
    await user.click(screen.getByTestId('profile-7-edit'));
    const input = screen.getByTestId('profile-7-expiry');
    await user.clear(input);
    await user.type(input, '06/2026');
    expect(
      screen.getByText('The month must be 1 to 12 and later than the current month of this year.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('profile-7-save')).toBeDisabled();
    await user.clear(input);
    await user.type(input, '01/2042');
    expect(screen.getByText('The year must be between 2026 and 2041.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '2030-01');
    expect(screen.getByText('The expiration date must be MM/YYYY.')).toBeInTheDocument();
    await user.click(screen.getByTestId('profile-7-cancel'));
    expect(screen.getByTestId('profile-7')).toHaveTextContent('12 / 2030');
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    await user.click(screen.getByTestId('profile-7-edit'));
    await user.clear(screen.getByTestId('profile-7-expiry'));
    await user.type(screen.getByTestId('profile-7-expiry'), '07 / 2026');
    await user.click(screen.getByTestId('profile-7-save'));
    await waitFor(() => expect(calls.some((call) => call.path === '/payment/updateProfile')).toBe(true));
    expect(calls.find((call) => call.path === '/payment/updateProfile')!.body).toEqual({
      id: 7,
      profileType: 'CREDIT_CARD',
      aliasName: 'Office',
      expirationDate: '07 / 2026',
    });
    await waitFor(() => expect(screen.queryByTestId('profile-7-expiry')).not.toBeInTheDocument());
  });

  it('shows the error text plus the server message when an update is refused', async () => {
    stub(() => ({
      status: 400,
      body: errorBody(400, 'PROFILE_TYPE_NOT_ALLOWED', 'Saved profiles of this type are not available.'),
    }));
    const { user } = renderComponent(
      <SavedProfilesTable kind="cards" now={new Date('2026-01-10T00:00:00Z')} />,
      {
        userData: buildUserData(),
      },
    );
    await user.click(await screen.findByTestId('profile-7-edit'));
    await user.clear(screen.getByTestId('profile-7-expiry'));
    await user.type(screen.getByTestId('profile-7-expiry'), '03/2026');
    await user.click(screen.getByTestId('profile-7-save'));
    const error = await screen.findByTestId('profile-7-error');
    expect(error).toHaveTextContent('The profile could not be updated.');
    expect(error).toHaveTextContent('Saved profiles of this type are not available.');
  });

  it('deletes after the confirmation "Are you sure want to Delete?"', async () => {
    const calls = stub();
    const { user } = renderComponent(<SavedProfilesTable kind="cards" now={NOW} />, {
      userData: buildUserData(),
    });
    await user.click(await screen.findByTestId('profile-7-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure want to Delete?')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId('profile-delete-confirm'));
    await waitFor(() => expect(screen.queryByTestId('profile-7')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'PUT')!.query.get('paymentProfileId')).toBe('7');
  });

  it('speaks French', async () => {
    stub();
    renderComponent(<SavedProfilesTable kind="cards" now={NOW} />, {
      userData: buildUserData(),
      language: 'fr',
    });
    expect(await screen.findByTestId('profile-8-expired')).toHaveTextContent('Expirée');
    expect(screen.getByTestId('profile-7')).toHaveTextContent('Visa se terminant par 4242');
  });
});
