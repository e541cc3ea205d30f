import type { TStatement } from '@settle/shared/statements';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { StatementButton } from './statement-button';

const statement = (overrides: Partial<TStatement> = {}): TStatement => ({
  custNo: 'C100',
  company: 'Acme Corp',
  currencyCode: 'USD',
  asOf: '2026-11-25',
  from: '2026-11-01',
  to: '2026-11-25',
  openItems: [
    {
      invNo: 'INV-1',
      invoiceDate: '2026-10-01',
      dueDate: '2026-10-31',
      amount: '100.00',
      balance: '100.00',
      daysPastDue: 25,
    },
  ],
  credits: [],
  payments: [
    { paymentLogId: 9, date: '2026-11-10', reference: 'TRK9', paymentType: 'CREDIT_CARD', amount: '40.00' },
  ],
  aging: [],
  totals: { openItems: '100.00', credits: '0.00', balanceDue: '100.00', payments: '40.00' },
  ...overrides,
});

function renderButton(routes: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(routes);
  const rendered = renderComponent(<StatementButton custNo="C100" currencyCode="USD" today="2026-11-25" />, {
    userData: buildUserData(),
  });
  return { ...rendered, calls };
}

describe('StatementDialog', () => {
  it('shows the month to date with its totals, and turns the monthly email on', async () => {
    const { user, calls } = renderButton([
      { method: 'GET', path: '/statement', reply: { body: statement() } },
      { method: 'GET', path: '/statement/subscriptions', reply: { body: [] } },
      {
        method: 'PUT',
        path: '/statement/subscription',
        reply: { body: { custNo: 'C100', currencyCode: 'USD', enabled: true } },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Statement of account' }));
    expect(await screen.findByTestId('statement-total-balanceDue')).toHaveTextContent('Balance due$100.00');
    expect(screen.getByTestId('statement-total-payments')).toHaveTextContent(
      'Payments of the period (1)$40.00',
    );
    const query = calls.find((call) => call.path === '/statement')?.query;
    expect(Object.fromEntries(query ?? [])).toEqual({
      custNo: 'C100',
      currencyCode: 'USD',
      from: '2026-11-01',
      to: '2026-11-25',
    });
    await user.click(screen.getByRole('switch', { name: /Email me this statement every month/ }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/statement/subscription')?.body).toEqual({
        custNo: 'C100',
        currencyCode: 'USD',
        enabled: true,
      }),
    );
  });

  it('refuses a reversed period before asking the server, and shows a failed load in the dialog', async () => {
    let fail = false;
    const { user, calls } = renderButton([
      {
        method: 'GET',
        path: '/statement',
        reply: () =>
          fail
            ? { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' } }
            : { body: statement() },
      },
      { method: 'GET', path: '/statement/subscriptions', reply: { body: [] } },
    ]);
    await user.click(screen.getByRole('button', { name: 'Statement of account' }));
    await screen.findByTestId('statement-totals');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    expect(
      await screen.findByText('The start of the period must be on or before its end'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('statement-pdf')).toBeDisabled();
    const asked = calls.filter((call) => call.path === '/statement').length;
    fail = true;
    await user.clear(from);
    await user.type(from, '2026-10-01');
    expect(await screen.findByTestId('statement-error')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/statement').length).toBeGreaterThan(asked);
  });
});
