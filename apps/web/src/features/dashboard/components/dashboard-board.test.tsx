import { defaultDashboard, type TDashboard } from '@settle/shared/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type RecordedCall, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderComponent } from '../../../testing/render';
import type { WidgetProps, WidgetRegistry } from '../lib/widget-registry';
import { DashboardBoard } from './dashboard-board';

/** Widgets that show their settings: the board is under test here, not what widgets load. */
function Probe({ widget, refetchInterval }: WidgetProps) {
  return (
    <p data-testid={`probe-${widget.id}`}>
      {widget.type} every {String(refetchInterval)}
    </p>
  );
}
const registry: WidgetRegistry = {
  customerSummary: { titleKey: 'customerSummary', Component: Probe },
  dueInvoices: { titleKey: 'dueInvoices', Component: Probe },
  myDisputes: { titleKey: 'myDisputes', Component: Probe },
  aging: { titleKey: 'aging', Component: Probe },
};

function stubDashboard(start: TDashboard | { status: number }) {
  let stored = 'status' in start ? null : start;
  const calls = stubApi([
    {
      method: 'GET',
      path: '/dashboard',
      reply: () =>
        stored
          ? { body: stored }
          : { status: 500, body: { statusCode: 500, code: 'INTERNAL', message: 'Something went wrong' } },
    },
    {
      method: 'PUT',
      path: '/dashboard',
      reply: (call: RecordedCall) => {
        stored = call.body as TDashboard;
        return { body: stored };
      },
    },
  ]);
  return calls;
}

const columnIds = (row: number, column: number) =>
  within(screen.getByTestId(`dashboard-column-${row}-${column}`))
    .queryAllByTestId(/^widget-/)
    .filter((element) => element.tagName === 'SECTION')
    .map((element) => element.getAttribute('data-testid')?.replace('widget-', ''));

describe('DashboardBoard', () => {
  it('shows the loading state, then the saved layout with each widget in its column', async () => {
    stubDashboard(defaultDashboard('My dashboard'));
    renderComponent(<DashboardBoard registry={registry} />, { userData: buildUserData() });
    expect(screen.getByTestId('dashboard-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('dashboard-title')).toHaveTextContent('My dashboard');
    expect(columnIds(0, 0)).toEqual(['summary']);
    expect(columnIds(1, 0)).toEqual(['due']);
    expect(columnIds(1, 1)).toEqual(['aging', 'promises']);
    expect(screen.getByTestId('dashboard-column-1-1')).toHaveAttribute('data-width', '6');
    // Not editing: no move or remove buttons.
    expect(screen.queryByTestId('widget-remove')).not.toBeInTheDocument();
  });

  it('shows the default title in the language of the interface, and a title the user chose as typed', async () => {
    // Saved while the user read English; they now read French.
    const calls = stubDashboard(defaultDashboard('My dashboard'));
    const { user } = renderComponent(<DashboardBoard registry={registry} />, {
      userData: buildUserData(),
      language: 'fr',
    });
    expect(await screen.findByTestId('dashboard-title')).toHaveTextContent('Mon tableau de bord');
    await user.click(screen.getByTestId('dashboard-arrange'));
    expect(screen.getByTestId('dashboard-title-input')).toHaveValue('Mon tableau de bord');
    await user.clear(screen.getByTestId('dashboard-title-input'));
    await user.type(screen.getByTestId('dashboard-title-input'), 'My dashboard of invoices');
    await user.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(await screen.findByTestId('dashboard-title')).toHaveTextContent('My dashboard of invoices');
  });

  it('shows a failure with a retry when the layout cannot be loaded', async () => {
    stubDashboard({ status: 500 });
    renderComponent(<DashboardBoard registry={registry} />, { userData: buildUserData() });
    expect(await screen.findByTestId('dashboard-error')).toHaveTextContent(
      'This widget could not be loaded.',
    );
  });

  it('arranges in 4-8, adds a widget, moves by keyboard buttons, edits auto-refresh, removes one, and saves it all', async () => {
    const calls = stubDashboard(defaultDashboard('My dashboard'));
    const { user } = renderComponent(<DashboardBoard registry={registry} />, { userData: buildUserData() });
    await user.click(await screen.findByTestId('dashboard-arrange'));

    expect(screen.getByTestId('dashboard-layout')).toHaveAccessibleName('Layout');
    await user.click(screen.getByTestId('dashboard-layout'));
    await user.click(await screen.findByRole('option', { name: 'Narrow and wide (4-8)' }));
    expect(columnIds(0, 0)).toEqual(['summary', 'aging']);
    expect(columnIds(0, 1)).toEqual(['due', 'promises']);
    expect(screen.getByTestId('dashboard-column-0-0')).toHaveAttribute('data-width', '4');

    await user.click(screen.getByTestId('dashboard-add-type'));
    await user.click(await screen.findByRole('option', { name: 'My disputes' }));
    await user.click(screen.getByTestId('dashboard-add'));
    expect(columnIds(0, 0)).toEqual(['myDisputes-1', 'summary', 'aging']);
    expect(screen.getByTestId('dashboard-status')).toHaveTextContent(
      'My disputes added at the top of the first column',
    );

    // Keyboard: focus a move button and press Enter; the focus follows the widget.
    const aging = screen.getByTestId('widget-aging');
    within(aging).getByRole('button', { name: 'Move Aging to the next column' }).focus();
    await user.keyboard('{Enter}');
    expect(columnIds(0, 1)).toEqual(['aging', 'due', 'promises']);
    expect(document.activeElement).toBe(
      within(screen.getByTestId('widget-aging')).getByRole('button', {
        name: 'Move Aging to the previous column',
      }),
    );
    await user.click(
      within(screen.getByTestId('widget-aging')).getByRole('button', { name: 'Move Aging down' }),
    );
    expect(columnIds(0, 1)).toEqual(['due', 'aging', 'promises']);
    expect(
      within(screen.getByTestId('widget-summary')).getByRole('button', {
        name: 'Move Customer summary to the previous column',
      }),
    ).toBeDisabled();

    await user.click(
      within(screen.getByTestId('widget-aging')).getByRole('button', { name: 'Settings of Aging' }),
    );
    await user.click(await screen.findByTestId('widget-settings-refresh'));
    await user.click(await screen.findByRole('option', { name: 'Every 5 minutes' }));
    await user.click(screen.getByTestId('widget-settings-apply'));

    await user.click(
      within(screen.getByTestId('widget-summary')).getByRole('button', { name: 'Remove Customer summary' }),
    );
    expect(screen.queryByTestId('widget-summary')).not.toBeInTheDocument();

    await user.click(screen.getByTestId('dashboard-save'));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const saved = calls.find((call) => call.method === 'PUT')?.body as TDashboard;
    expect(saved.structure).toBe('4-8');
    expect(saved.rows[0]?.columns[0]?.widgets.map((widget) => [widget.id, widget.type])).toEqual([
      ['myDisputes-1', 'myDisputes'],
    ]);
    expect(saved.rows[0]?.columns.map((column) => column.width)).toEqual([4, 8]);
    expect(saved.rows[0]?.columns[1]?.widgets.map((widget) => [widget.id, widget.refreshInterval])).toEqual([
      ['due', 0],
      ['aging', 5],
      ['promises', 0],
    ]);
    // Saved: the board leaves edit mode and the widget got its interval in milliseconds.
    expect(await screen.findByTestId('dashboard-arrange')).toBeInTheDocument();
    expect(screen.getByTestId('probe-aging')).toHaveTextContent('aging every 300000');
  });

  it('drops the draft on cancel and sends nothing', async () => {
    const calls = stubDashboard(defaultDashboard('My dashboard'));
    const { user } = renderComponent(<DashboardBoard registry={registry} />, { userData: buildUserData() });
    await user.click(await screen.findByTestId('dashboard-arrange'));
    await user.click(
      within(screen.getByTestId('widget-due')).getByRole('button', {
        name: 'Remove Invoices coming due or overdue',
      }),
    );
    await user.click(screen.getByTestId('dashboard-cancel'));
    expect(screen.getByTestId('widget-due')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('keeps save disabled while the title is empty', async () => {
    stubDashboard(defaultDashboard('My dashboard'));
    const { user } = renderComponent(<DashboardBoard registry={registry} />, { userData: buildUserData() });
    await user.click(await screen.findByTestId('dashboard-arrange'));
    await user.clear(screen.getByTestId('dashboard-title-input'));
    expect(screen.getByTestId('dashboard-save')).toBeDisabled();
    expect(screen.getByText('Enter a title')).toBeInTheDocument();
  });
});
