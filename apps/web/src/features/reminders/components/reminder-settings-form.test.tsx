import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { ReminderSettingsForm } from './reminder-settings-form';

describe('ReminderSettingsForm', () => {
  it('loads the choices, saves the ones changed, and says so', async () => {
    const calls = stubApi([
      {
        method: 'GET',
        path: '/reminders',
        reply: { body: { dueIn7Days: false, dueIn1Day: true, overdue: false } },
      },
      {
        method: 'PUT',
        path: '/reminders',
        reply: { body: { dueIn7Days: true, dueIn1Day: true, overdue: true } },
      },
    ]);
    const { user } = renderComponent(<ReminderSettingsForm />, { userData: buildUserData() });
    expect(
      await screen.findByRole('checkbox', { name: 'The day before an invoice falls due' }),
    ).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save reminders' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: '7 days before an invoice falls due' }));
    await user.click(screen.getByRole('checkbox', { name: 'When an invoice becomes overdue' }));
    await user.click(screen.getByRole('button', { name: 'Save reminders' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        dueIn7Days: true,
        dueIn1Day: true,
        overdue: true,
      }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Reminders saved');
  });

  it('shows a failed load in its place', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/reminders',
        reply: { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' } },
      },
    ]);
    renderComponent(<ReminderSettingsForm />, { userData: buildUserData() });
    expect(await screen.findByTestId('reminders-error')).toHaveTextContent(
      'Your reminders could not be loaded.',
    );
  });
});
