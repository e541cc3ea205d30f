import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { AddBankAccountButton } from './add-bank-account-button';
import { ManageProfilesButton } from './manage-profiles-button';

const bank: TPaymentProfile = {
  id: 4,
  profileType: 'ECHECK',
  achEnabled: 1,
  aliasName: 'Payroll',
  custNo: 'C1',
  cardType: null,
  lastDigits: null,
  cardHolderName: null,
  expirationDateStr: null,
  expirationDate: null,
  expired: false,
  accountNum: '****4444',
  routingNum: '021000021',
  accountType: 'Checking',
  name: 'Acme',
};
const card: TPaymentProfile = {
  ...bank,
  id: 7,
  profileType: 'CREDIT_CARD',
  achEnabled: 0,
  aliasName: 'Office',
  cardType: 'Visa',
  lastDigits: '4242',
  cardHolderName: 'Grace Hopper',
  expirationDateStr: '12 / 2030',
  expirationDate: '2030-12-31',
  accountNum: null,
  routingNum: null,
  accountType: null,
  name: null,
};

describe('AddBankAccountButton', () => {
  it('checks the ABA digit as the user types, shows the server refusal, then saves and lists the account', async () => {
    let refuse = true;
    const calls = stubApi([
      {
        method: 'POST',
        path: '/payment/add/',
        reply: () =>
          refuse
            ? {
                status: 400,
                body: errorBody(
                  400,
                  'PROFILE_TYPE_NOT_ALLOWED',
                  'Saved profiles of this type are not available.',
                ),
              }
            : {
                body: {
                  success: true,
                  message: 'Saved.',
                  paymentProfileId: 4,
                  reference: null,
                  serviceURL: null,
                  serviceMethod: null,
                  templateProperties: null,
                },
              },
      },
    ]);
    const { user } = renderComponent(<AddBankAccountButton custNo="C1" />, { userData: buildUserData() });
    await user.click(screen.getByTestId('profile-add-bank'));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByTestId('profile-add-bank-save');
    expect(save).toBeDisabled();
    expect(within(dialog).queryByTestId('echeck-check')).not.toBeInTheDocument();
    await user.type(within(dialog).getByTestId('profile-bank-alias'), 'Payroll');
    await user.type(within(dialog).getByTestId('echeck-name'), 'Acme');
    await user.click(within(dialog).getByTestId('echeck-type-Checking'));
    await user.type(within(dialog).getByTestId('echeck-routing'), '021000022');
    await user.type(within(dialog).getByTestId('echeck-account'), '55554444');
    expect(
      within(dialog).getByText('The routing number is not a valid ABA routing number.'),
    ).toBeInTheDocument();
    expect(save).toBeDisabled();
    await user.clear(within(dialog).getByTestId('echeck-routing'));
    await user.type(within(dialog).getByTestId('echeck-routing'), '021000021');
    expect(save).toBeEnabled();

    await user.click(save);
    const error = await within(dialog).findByTestId('profile-add-bank-error');
    expect(error).toHaveTextContent('The bank account could not be saved.');
    expect(error).toHaveTextContent('Saved profiles of this type are not available.');

    refuse = false;
    await user.click(save);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({
      profileType: 'ECHECK',
      custNo: 'C1',
      name: 'Acme',
      accountType: 'Checking',
      routingNum: '021000021',
      accountNum: '55554444',
      aliasName: 'Payroll',
    });
    expect(await screen.findByText('The bank account was saved.')).toBeInTheDocument();
  });
});

describe('ManageProfilesButton', () => {
  it('shows the profile tables of the profile screen in a dialog, cards and bank accounts, in French', async () => {
    stubApi([{ method: 'GET', path: '/payment/profiles', reply: { body: [card, bank] } }]);
    const { user } = renderComponent(<ManageProfilesButton custNo="C1" withBanks />, {
      userData: buildUserData({ language: 'fr' }),
      language: 'fr',
    });
    await user.click(screen.getByRole('button', { name: 'Gérer les moyens de paiement enregistrés' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('profile-7')).toHaveTextContent('12 / 2030');
    expect(within(dialog).getByTestId('profile-7-edit')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Comptes bancaires enregistrés' }));
    expect(await within(dialog).findByTestId('profile-4')).toHaveTextContent('****4444');
    expect(within(dialog).getByRole('button', { name: 'Ajouter un compte bancaire' })).toBeInTheDocument();
  });
});
