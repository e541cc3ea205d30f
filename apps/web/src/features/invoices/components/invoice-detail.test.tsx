import { Privilege } from '@settle/shared/privileges';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorBody, type StubReply, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import { buildInvoiceDetail, FULL_ROLES, gridRoutes, shellRoutes } from '../testing/invoice-fixtures';

function detailApi(reply: StubReply = { body: buildInvoiceDetail({ disputeAmount: '500.00' }) }) {
  return stubApi([
    ...shellRoutes(),
    { method: 'GET', path: '/invoices/detail/INV-1', reply },
    { method: 'GET', path: '/invoices/activity/INV-1', reply: { body: { invNo: 'INV-1', entries: [] } } },
  ]);
}

describe('InvoiceDetail', () => {
  it('shows the header fields by type, the sorted lines with their extended fields, totals and the collector', async () => {
    const calls = detailApi();
    renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });

    expect(await screen.findByTestId('detail-title')).toHaveTextContent('Invoice INV-1');
    const call = calls.find((entry) => entry.path === '/invoices/detail/INV-1')!;
    expect(call.query.get('status')).toBe('O');
    expect(call.query.get('custNo')).toBe('C100');

    const header = screen.getByTestId('detail-header-fields');
    expect(within(header).getByText('Sales representative')).toBeInTheDocument();
    expect(screen.getByTestId('field-invoiceDate')).toHaveTextContent('Oct 1, 2026');
    expect(screen.getByTestId('field-shipTo')).toHaveTextContent('—');
    // Each amount once: in the summary, not again among the header fields.
    expect(screen.getByTestId('detail-amount')).toHaveTextContent('$1,500.00');
    expect(screen.getByTestId('detail-balance')).toHaveTextContent('$1,200.50');
    expect(screen.queryByTestId('field-amount')).not.toBeInTheDocument();
    expect(screen.queryByTestId('field-balance')).not.toBeInTheDocument();
    expect(screen.getAllByText('$1,200.50')).toHaveLength(1);

    const lines = within(screen.getByTestId('line-items')).getAllByRole('row');
    // Header, line 1, its extended fields, line 2, totals.
    expect(lines[1]).toHaveTextContent('PUMP-1');
    expect(lines[2]).toHaveTextContent('Serial: SN-123');
    expect(lines[3]).toHaveTextContent('BOLT-10');
    expect(screen.getByTestId('lines-total-ext')).toHaveTextContent('$1,500.00');
    expect(screen.getByTestId('lines-total-disputedAmt')).toHaveTextContent('$500.00');
    // The lines carry the whole disputed amount: nothing to explain.
    expect(screen.queryByTestId('dispute-by-amount')).not.toBeInTheDocument();

    expect(await screen.findByTestId('collector-contact')).toHaveTextContent('Your collector: Sam Collins');
    expect(screen.getByRole('link', { name: 'sam@example.test' })).toHaveAttribute(
      'href',
      'mailto:sam@example.test',
    );
    expect(screen.getByTestId('back-to-invoices')).toHaveAttribute('href', '/invoices');
  });

  it('offers the actions the rules allow', async () => {
    detailApi({ body: buildInvoiceDetail({ promise: 'true' }) });
    renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('detail-title');
    expect(screen.getByTestId('detail-remove-promise')).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByTestId('detail-promise')).not.toBeInTheDocument();
    // Promised invoices cannot be disputed.
    expect(screen.getByTestId('detail-dispute')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('detail-add-to-cart')).not.toHaveAttribute('aria-disabled');
    expect(screen.getByTestId('detail-print')).toBeInTheDocument();
  });

  it('marks an overdue, promised, disputed invoice in words', async () => {
    detailApi({
      body: buildInvoiceDetail({ promise: 'true', nextFollowupDate: '2026-12-01', disputeAmount: '500.00' }),
    });
    renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    const marks = await screen.findByTestId('invoice-marks');
    expect(
      within(marks)
        .getAllByText(/./)
        .map((badge) => badge.textContent),
    ).toEqual(['Overdue by 22 days', 'Promised, follow-up Dec 1, 2026', 'Disputed']);
  });

  it('shows quantities as the PDF does, and says why a disputed amount is not on the lines', async () => {
    const detail = buildInvoiceDetail({ disputeAmount: '650.00' });
    detail.lineItems[0]!.qtyShip = '2.500';
    detail.lineItems[1]!.qtyShip = '1200.000';
    detailApi({ body: detail });
    renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('detail-title');
    expect(screen.getByTestId('line-2')).toHaveTextContent('2.5');
    expect(screen.getByTestId('line-2')).not.toHaveTextContent('2.50');
    expect(screen.getByTestId('line-1')).toHaveTextContent('1,200');
    expect(screen.getByTestId('line-1')).not.toHaveTextContent('1,200.00');
    // 500.00 is disputed on line 1; the other 150.00 by amount.
    expect(screen.getByTestId('dispute-by-amount')).toHaveTextContent(
      '$150.00 of the disputed amount is not on the lines: that part is disputed by amount, not by line.',
    );
  });

  it('explains a dispute made wholly by amount', async () => {
    const detail = buildInvoiceDetail({ disputeAmount: '80.00' });
    for (const line of detail.lineItems) line.disputedAmt = '0.00';
    detailApi({ body: detail });
    renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    expect(await screen.findByTestId('dispute-by-amount')).toHaveTextContent(
      'The disputed amount ($80.00) is not on the lines: the invoice is disputed by amount, not by line.',
    );
  });

  it('refuses to dispute a credit with the right reason', async () => {
    detailApi({ body: buildInvoiceDetail({ amount: '-207.36', balance: '-207.36', paidAmount: '0.00' }) });
    const { user } = renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    const dispute = await screen.findByTestId('detail-dispute');
    expect(dispute).toHaveAttribute('aria-disabled', 'true');
    await user.hover(dispute);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('A credit cannot be disputed.');
  });

  it('hides disputed figures without the dispute-view privilege and disables what the user may not do', async () => {
    detailApi();
    const { user } = renderApp({
      route: '/detail/O/INV-1',
      userData: buildUserData({ roles: [Privilege.ALLOW_PROMISE_TO_PAY] }),
    });
    await screen.findByTestId('detail-title');
    expect(screen.queryByTestId('field-disputeAmount')).not.toBeInTheDocument();
    expect(screen.queryByTestId('detail-disputeAmount')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('line-items')).queryByText('Disputed amount')).not.toBeInTheDocument();
    expect(screen.getByTestId('detail-add-to-cart')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('detail-dispute')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('detail-promise')).not.toHaveAttribute('aria-disabled');
    await user.hover(screen.getByTestId('detail-dispute'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You do not have permission for this action.',
    );
  });

  it('goes back to the closed invoices from a closed one, and says when the invoice is not found', async () => {
    detailApi({ status: 404, body: errorBody(404, 'NOT_FOUND', 'Invoice INV-1 not found') });
    renderApp({ route: '/detail/C/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    expect(await screen.findByTestId('detail-error')).toHaveTextContent('Could not load data');
    expect(screen.getByTestId('back-to-invoices')).toHaveAttribute('href', '/invoices?status=C');
  });

  it('sends an unknown status back to the grid', async () => {
    stubApi([...shellRoutes(), ...gridRoutes({ status: 500, body: {} })]);
    const { router } = renderApp({
      route: '/detail/X/INV-1',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
  });
});
