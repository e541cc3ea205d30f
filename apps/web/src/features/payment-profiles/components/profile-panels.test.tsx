import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { ProfilePanels } from './profile-panels';

const base: TPaymentProfile = {
  id: 1,
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
const profiles: TPaymentProfile[] = [
  base,
  { ...base, id: 2, aliasName: 'Old', expirationDateStr: '01 / 2025', expired: true },
  { ...base, id: 3, profileType: 'DEBIT_CARD', aliasName: 'Ops', lastDigits: '5556' },
  { ...base, id: 4, profileType: 'ECHECK', aliasName: 'Checking', accountNum: '****6789', cardType: null },
];
const offered = { CREDIT_CARD: true, DEBIT_CARD: true, ECHECK: true };

function renderPanels(enabled = true) {
  const onPay = vi.fn();
  const rendered = renderComponent(
    <ProfilePanels profiles={profiles} offered={offered} enabled={enabled} busy={false} onPay={onPay} />,
    { userData: buildUserData() },
  );
  return { ...rendered, onPay };
}

describe('ProfilePanels', () => {
  it('opens one panel at a time', async () => {
    const { user } = renderPanels();
    await user.click(screen.getByRole('button', { name: 'Saved credit cards (2)' }));
    expect(screen.getByRole('button', { name: 'Saved credit cards (2)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Saved debit card (1)' }));
    expect(screen.getByRole('button', { name: 'Saved debit card (1)' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Saved credit cards (2)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('selecting toggles, an expired card cannot be chosen, a selection disables the other types, one click pays', async () => {
    const { user, onPay } = renderPanels();
    await user.click(screen.getByRole('button', { name: 'Saved credit cards (2)' }));
    const pay = screen.getByTestId('profile-pay-CREDIT_CARD');
    expect(pay).toBeDisabled();
    // The panel opens with a transition: its radios are reachable once it has.
    expect(await screen.findByRole('radio', { name: /Old/ })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Office/ }));
    expect(screen.getByRole('radio', { name: /Office/ })).toBeChecked();
    expect(pay).toBeEnabled();
    expect(screen.getByTestId('profile-pay-DEBIT_CARD')).toBeDisabled();
    expect(screen.getByTestId('profile-pay-ECHECK')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Office/ }));
    expect(screen.getByRole('radio', { name: /Office/ })).not.toBeChecked();
    expect(pay).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Office/ }));
    await user.click(pay);
    expect(onPay).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(onPay).toHaveBeenCalledTimes(1);
  });

  it('pays nothing while the amount is not payable', async () => {
    const { user } = renderPanels(false);
    await user.click(screen.getByRole('button', { name: 'Saved credit cards (2)' }));
    await user.click(await screen.findByRole('radio', { name: /Office/ }));
    expect(screen.getByTestId('profile-pay-CREDIT_CARD')).toBeDisabled();
  });
});
