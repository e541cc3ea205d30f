import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import { EcheckDialog } from './echeck-dialog';

function renderDialog(
  options: {
    serverError?: unknown;
    submitting?: boolean;
    language?: 'en' | 'fr';
    canSaveProfile?: boolean;
  } = {},
) {
  const onSubmit = vi.fn();
  const rendered = renderComponent(
    <EcheckDialog
      amount="120.50"
      currency="USD"
      submitting={options.submitting ?? false}
      canSaveProfile={options.canSaveProfile ?? true}
      serverError={options.serverError ?? null}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
    { userData: buildUserData(), language: options.language },
  );
  return { ...rendered, onSubmit };
}

describe('EcheckDialog', () => {
  it('keeps submit disabled until every rule holds, and checks the ABA check digit', async () => {
    const { user, onSubmit } = renderDialog();
    const submit = await screen.findByTestId('echeck-submit');
    expect(submit).toBeDisabled();
    expect(screen.getByTestId('echeck-amount')).toHaveTextContent('$120.50');

    await user.type(screen.getByTestId('echeck-name'), 'Acme Corp');
    await user.click(screen.getByTestId('echeck-type-Checking'));
    await user.type(screen.getByTestId('echeck-routing'), '021000022');
    await user.type(screen.getByTestId('echeck-account'), '12345678901234567');
    await user.tab();
    expect(screen.getByText('The routing number is not a valid ABA routing number.')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(screen.getByTestId('echeck-routing'));
    await user.type(screen.getByTestId('echeck-routing'), '02100002');
    await user.tab();
    expect(screen.getByText('The routing number has 9 digits.')).toBeInTheDocument();

    await user.type(screen.getByTestId('echeck-routing'), '1');
    expect(screen.queryByText(/routing number/i, { selector: '.mantine-InputWrapper-error' })).toBeNull();
    expect(submit).toBeEnabled();
    await user.click(screen.getByTestId('echeck-save-profile'));
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Acme Corp',
      accountType: 'Checking',
      routingNumber: '021000021',
      accountNumber: '12345678901234567',
      checkNumber: '',
      saveAsProfile: true,
    });
  });

  it('holds the spec limits: name 55, account 17 digits, check number 6 digits, digits only', async () => {
    const { user } = renderDialog({ canSaveProfile: false });
    await user.type(await screen.findByTestId('echeck-name'), 'x'.repeat(60));
    // Bank accounts are not kept as profiles here: no "save as profile".
    expect(screen.queryByTestId('echeck-save-profile')).not.toBeInTheDocument();
    expect(screen.getByTestId('echeck-name')).toHaveValue('x'.repeat(55));
    await user.type(screen.getByTestId('echeck-account'), '1234-5678 9012345678901');
    expect(screen.getByTestId('echeck-account')).toHaveValue('12345678901234567');
    await user.type(screen.getByTestId('echeck-check'), '12345678');
    expect(screen.getByTestId('echeck-check')).toHaveValue('123456');
    await user.type(screen.getByTestId('echeck-routing'), '0210000210');
    expect(screen.getByTestId('echeck-routing')).toHaveValue('021000021');
  });

  it('requires the name once touched, and submit is disabled while a payment is submitted', async () => {
    const { user } = renderDialog({ submitting: true });
    await user.click(await screen.findByTestId('echeck-name'));
    await user.tab();
    expect(screen.getByText('The name is required.')).toBeInTheDocument();
    await user.type(screen.getByTestId('echeck-name'), 'Acme');
    await user.click(screen.getByTestId('echeck-type-Savings'));
    await user.type(screen.getByTestId('echeck-routing'), '021000021');
    await user.type(screen.getByTestId('echeck-account'), '1234');
    expect(screen.getByTestId('echeck-submit')).toBeDisabled();
  });

  it("lists the server's errors in a banner the user can dismiss, in French", async () => {
    const serverError = new ApiError({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid',
      fieldErrors: [
        {
          field: 'paymentAccount.routingNumber',
          message: 'The routing number is not a valid ABA routing number.',
        },
        { field: 'paymentAccount.accountNumber', message: 'Account closed at the bank.' },
      ],
    });
    const { user } = renderDialog({ serverError, language: 'fr' });
    const banner = await screen.findByTestId('echeck-errors');
    expect(banner).toHaveTextContent("Le numéro d'acheminement n'est pas un numéro ABA valide.");
    expect(banner).toHaveTextContent('Account closed at the bank.');
    await user.click(screen.getByRole('button', { name: 'Masquer les erreurs' }));
    expect(screen.queryByTestId('echeck-errors')).not.toBeInTheDocument();
  });
});
