import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDispute, REASONS } from '../../features/disputes/testing/dispute-fixtures';
import {
  buildInvoiceDetail,
  FULL_ROLES,
  LIMITED_ROLES,
  shellRoutes,
} from '../../features/invoices/testing/invoice-fixtures';
import { errorBody, type StubRoute, stubApi } from '../../testing/fetch-stub';
import { buildUserData } from '../../testing/fixtures';
import { renderApp } from '../../testing/render';

const detailRoutes = (activity: unknown = { invNo: 'INV-1', entries: [] }): StubRoute[] => [
  ...shellRoutes(),
  { method: 'GET', path: '/invoices/detail/INV-1', reply: { body: buildInvoiceDetail() } },
  { method: 'GET', path: '/invoices/activity/INV-1', reply: { body: activity } },
  { method: 'GET', path: '/dispute/reasonCodes', reply: { body: REASONS } },
  { method: 'GET', path: '/upload/fileMetaData/', reply: { body: { maxFileSize: 50 } } },
];

const assistance = (disputeCount: number, probNo: number | null = null): StubRoute => ({
  method: 'GET',
  path: '/dispute/assistance/INV-1/N',
  reply: {
    body: { resolverNotAssociatedToDivision: false, disputeCount, probNo, tranId: probNo ? 'T-1' : null },
  },
});

describe('opening an invoice’s disputes', () => {
  it('opens the create screen when the invoice has no dispute', async () => {
    const calls = stubApi([...detailRoutes(), assistance(0)]);
    const { user, router } = renderApp({
      route: '/detail/O/INV-1',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await user.click(await screen.findByTestId('detail-dispute'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dispute/INV-1'));
    expect(await screen.findByTestId('dispute-create')).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/dispute/assistance/INV-1/N')).toBe(true);
  });

  it('opens the one existing dispute, or the list when there are several', async () => {
    stubApi([
      ...detailRoutes(),
      assistance(1, 7),
      { method: 'GET', path: '/dispute/7', reply: { body: buildDispute() } },
    ]);
    const first = renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    await first.user.click(await screen.findByTestId('detail-dispute'));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/dispute/INV-1/7/T-1'));
    expect(await screen.findByTestId('dispute-title')).toHaveTextContent('Dispute 7 on invoice INV-1');
    first.unmount();

    stubApi([
      ...detailRoutes(),
      assistance(2),
      {
        method: 'GET',
        path: '/disputes',
        reply: {
          body: {
            custNo: 'C100',
            currencyCode: 'USD',
            page: 1,
            pageSize: 100,
            total: 0,
            totals: { count: 0, originalAmount: '0.00', disputedAmount: '0.00' },
            rows: [],
          },
        },
      },
    ]);
    const second = renderApp({ route: '/detail/O/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    await second.user.click(await screen.findByTestId('detail-dispute'));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/disputebyinvoices/INV-1'));
  });
});

describe('creating a dispute', () => {
  it('refuses a zero or too large amount with the specification’s messages, then creates and goes back', async () => {
    const calls = stubApi([
      ...detailRoutes(),
      { method: 'POST', path: '/dispute/0', reply: { body: buildDispute({ probNo: 8, style: 'other' }) } },
    ]);
    const { user, router } = renderApp({
      route: '/detail/O/INV-1',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('detail-title');
    await router.navigate('/dispute/INV-1');
    await screen.findByTestId('dispute-create');

    await user.click(screen.getByRole('radio', { name: 'By amount' }));
    await user.click(screen.getByTestId('dispute-save'));
    expect(await screen.findByTestId('dispute-create-error')).toHaveTextContent(
      'The disputed amount must be above zero.',
    );
    // maxAmount of the detail fixture is the balance less what is disputed.
    await user.type(screen.getByTestId('dispute-amount'), '99999');
    await user.click(screen.getByTestId('dispute-save'));
    expect(screen.getByTestId('dispute-create-error')).toHaveTextContent(
      /^Exceeded maximum dispute amount of \$1,200\.50\.$/,
    );

    await user.clear(screen.getByTestId('dispute-amount'));
    await user.type(screen.getByTestId('dispute-amount'), '100.5');
    await user.click(screen.getByTestId('dispute-save'));
    expect(screen.getByTestId('dispute-create-error')).toHaveTextContent('Choose a reason from the list.');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByTestId('dispute-reason'));
    await user.click(await screen.findByRole('option', { name: 'Price disagreement' }));
    await user.type(screen.getByTestId('dispute-note'), 'Price was agreed at 10% less');
    await user.click(screen.getByTestId('dispute-save'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/detail/O/INV-1'));
    const post = calls.find((call) => call.method === 'POST' && call.path === '/dispute/0')!;
    expect(post.body).toEqual({
      style: 'other',
      invNo: 'INV-1',
      tranId: 'T-1',
      disputedAmount: '100.5',
      reasonCode: 'PRICE',
      description: '',
      newNote: 'Price was agreed at 10% less',
    });
  });

  it('refuses a line-item dispute with no count', async () => {
    const calls = stubApi(detailRoutes());
    const { user } = renderApp({ route: '/dispute/INV-1', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('line-item-editor');
    await user.click(screen.getByTestId('dispute-save'));
    expect(await screen.findByTestId('dispute-create-error')).toHaveTextContent(
      'Enter a disputed count on at least one line.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('dispute detail', () => {
  it('shows the status by code, the notes newest first in the user time zone, and adds a note', async () => {
    const dispute = buildDispute({
      statusCode: 'X',
      disputeNoteList: [
        { id: 1, note: 'First', exposed: true, enteredBy: 'Jane Doe', enteredOn: '2026-11-20T14:00:00.000Z' },
        {
          id: 2,
          note: 'Second',
          exposed: true,
          enteredBy: 'Sam Collins',
          enteredOn: '2026-11-21T23:30:00.000Z',
        },
      ],
    });
    // The server's state: a note added by PUT is in the next GET.
    let current = dispute;
    const calls = stubApi([
      ...shellRoutes(),
      { method: 'GET', path: '/dispute/reasonCodes', reply: { body: REASONS } },
      { method: 'GET', path: '/dispute/7', reply: () => ({ body: current }) },
      {
        method: 'PUT',
        path: '/dispute/7',
        reply: (call) => {
          const note = {
            id: 3,
            note: (call.body as { newNote: string }).newNote,
            exposed: true,
            enteredBy: 'Jane Doe',
            enteredOn: '2026-11-22T09:00:00.000Z',
          };
          current = { ...current, disputeNoteList: [note, ...current.disputeNoteList] };
          return { body: current };
        },
      },
    ]);
    const { user } = renderApp({
      route: '/dispute/INV-1/7/T-1',
      userData: buildUserData({ roles: FULL_ROLES, timezone: 'America/New_York' }),
    });
    // An unknown status code shows UnIdentified.
    expect(await screen.findByTestId('dispute-status')).toHaveTextContent('UnIdentified');
    const notes = within(screen.getByTestId('dispute-notes')).getAllByRole('listitem');
    expect(notes[0]).toHaveTextContent('Second');
    expect(notes[0]).toHaveTextContent('Sam Collins · Nov 21, 2026, 6:30 PM');
    expect(notes[1]).toHaveTextContent('First');

    await user.type(screen.getByTestId('dispute-new-note'), 'Photos attached');
    await user.click(screen.getByTestId('dispute-add-note'));
    await waitFor(() =>
      expect(within(screen.getByTestId('dispute-notes')).getAllByRole('listitem')[0]).toHaveTextContent(
        'Photos attached',
      ),
    );
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ newNote: 'Photos attached' });
  });

  it('changes the reason through PUT dispute/{id}/reason, and counts a note up to 2,000 characters', async () => {
    let current = buildDispute();
    const calls = stubApi([
      ...shellRoutes(),
      { method: 'GET', path: '/dispute/reasonCodes', reply: { body: REASONS } },
      { method: 'GET', path: '/dispute/7', reply: () => ({ body: current }) },
      {
        method: 'PUT',
        path: '/dispute/70/reason',
        reply: (call) => {
          const reasonCode = (call.body as { reasonCode: string }).reasonCode;
          const reasonDisplay = REASONS.find((reason) => reason.code === reasonCode)!.description;
          current = { ...current, reasonCode, reasonDisplay };
          return { body: { reasonCode, reasonDisplay } };
        },
      },
    ]);
    const { user } = renderApp({
      route: '/dispute/INV-1/7/T-1',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    const select = await screen.findByTestId('dispute-reason-select');
    expect(select).toHaveValue('Damaged goods');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'Price disagreement' }));
    await waitFor(() =>
      expect(screen.getByTestId('dispute-reason-select')).toHaveValue('Price disagreement'),
    );
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({ reasonCode: 'PRICE' });

    const note = screen.getByTestId('dispute-new-note');
    expect(note).toHaveAttribute('maxlength', '2000');
    await user.type(note, 'Twelve chars');
    expect(screen.getByText('12 / 2,000 characters')).toBeInTheDocument();
  });

  it('shows the reason as text to a user who may not change it, and an unknown reason as Internal', async () => {
    stubApi([
      ...shellRoutes(),
      { method: 'GET', path: '/dispute/reasonCodes', reply: { body: REASONS } },
      {
        method: 'GET',
        path: '/dispute/7',
        reply: { body: buildDispute({ canUpdate: false, reasonCode: 'GONE' }) },
      },
    ]);
    renderApp({ route: '/dispute/INV-1/7/T-1', userData: buildUserData({ roles: LIMITED_ROLES }) });
    expect(await screen.findByTestId('dispute-reason-text')).toHaveTextContent('Internal');
    expect(screen.queryByTestId('dispute-reason-select')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dispute-add-note')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dispute-add-attachments')).not.toBeInTheDocument();
  });

  it('says when the dispute is not found', async () => {
    stubApi([
      ...shellRoutes(),
      { method: 'GET', path: '/dispute/reasonCodes', reply: { body: REASONS } },
      {
        method: 'GET',
        path: '/dispute/9',
        reply: { status: 404, body: errorBody(404, 'NOT_FOUND', 'Not found') },
      },
    ]);
    renderApp({ route: '/dispute/INV-1/9/T-1', userData: buildUserData({ roles: FULL_ROLES }) });
    expect(await screen.findByTestId('dispute-error')).toHaveTextContent('What you asked for was not found.');
  });
});

describe('invoice activity', () => {
  it('lists what happened to the invoice, newest first, in the user language and time zone', async () => {
    stubApi(
      detailRoutes({
        invNo: 'INV-1',
        entries: [
          {
            id: 1,
            kind: 'PROMISE_SET',
            at: '2026-11-01T10:00:00.000Z',
            by: 'Jane Doe',
            invNo: 'INV-1',
            probNo: null,
            details: { nextFollowupDate: '2026-11-15' },
          },
          {
            id: 2,
            kind: 'DISPUTE_OPENED',
            at: '2026-11-20T14:00:00.000Z',
            by: 'Jane Doe',
            invNo: 'INV-1',
            probNo: 7,
            details: { disputedAmount: '25.00', reasonCode: 'DAMAGED', style: 'artran' },
          },
        ],
      }),
    );
    renderApp({
      route: '/detail/O/INV-1',
      language: 'fr',
      userData: buildUserData({
        roles: FULL_ROLES,
        language: 'fr',
        localeForFormatting: 'fr-FR',
        timezone: 'Europe/Paris',
      }),
    });
    const entries = await within(await screen.findByTestId('invoice-activity')).findAllByTestId(
      'activity-entry',
    );
    expect(entries[0]).toHaveTextContent(/Litige 7 ouvert pour 25,00\s\$/);
    expect(entries[0]).toHaveTextContent('20 nov. 2026, 15:00');
    expect(entries[1]).toHaveTextContent('Promesse de paiement au 15 nov. 2026');
  });
});
