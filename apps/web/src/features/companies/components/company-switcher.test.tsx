import type { TCompany } from '@settle/shared/companies';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getUserData } from '../../../lib/user-storage';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { CompanySwitcher } from './company-switcher';

const companies: TCompany[] = [
  { custNo: 'C100', company: 'Acme Corp', current: true, defAccount: false },
  { custNo: 'C200', company: 'Beta Industries', current: false, defAccount: true },
  { custNo: 'C300', company: 'Gamma Ltd', current: false, defAccount: false },
];

function stubCompanies() {
  return stubApi([
    { method: 'GET', path: '/companies', reply: { body: companies } },
    {
      method: 'PUT',
      path: '/companies/default/C300',
      reply: (_call: RecordedCall) => ({
        body: companies.map((company) => ({ ...company, defAccount: company.custNo === 'C300' })),
      }),
    },
  ]);
}

describe('CompanySwitcher', () => {
  it('lists the companies with the current one marked, and switches to another', async () => {
    stubCompanies();
    const onSwitch = vi.fn(async () => undefined);
    const { user } = renderComponent(<CompanySwitcher onSwitch={onSwitch} />, { userData: buildUserData() });
    await user.click(screen.getByTestId('company-switcher'));
    const panel = await screen.findByRole('dialog', { name: 'Companies' });
    const current = await within(panel).findByTestId('company-C100');
    expect(current).toHaveAttribute('aria-current', 'true');
    expect(current).toBeDisabled();
    await user.click(within(panel).getByRole('button', { name: 'Switch to Gamma Ltd (C300)' }));
    expect(onSwitch).toHaveBeenCalledWith('C300');
  });

  it('keeps the default company on the server and in the stored customers', async () => {
    const calls = stubCompanies();
    const { user } = renderComponent(<CompanySwitcher onSwitch={async () => undefined} />, {
      userData: buildUserData(),
    });
    await user.click(screen.getByTestId('company-switcher'));
    const group = await screen.findByRole('radiogroup', { name: 'Default company' });
    expect(within(group).getByRole('radio', { name: 'Beta Industries (C200)' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Gamma Ltd (C300)' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'PUT' && call.path === '/companies/default/C300')).toBe(
        true,
      ),
    );
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'Gamma Ltd (C300)' })).toBeChecked());
    expect(getUserData()?.customers.map((customer) => [customer.custNo, customer.defAccount])).toEqual([
      ['C100', false],
      ['C200', false],
      ['C300', true],
    ]);
  });
});
