import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import type { TFunction } from 'i18next';
import classes from '../../../components/grid/grid-table.module.css';
import { TD_CLASS } from '../../../components/grid/grid-value-cell';
import { type ActionState, invoiceActionStates } from './invoice-action-rules';
import { toolButton } from './tool-button';
import type { InvoiceActions } from './use-invoice-actions';

export type ToolColumn = 'dispute' | 'promise' | 'print' | 'addToCart';

/**
 * The spec's row buttons, in its order: dispute, promise or remove promise, print, add to
 * cart. Only open invoices get the promise, dispute and cart columns (the cart one only where
 * a cart exists); a user without a privilege sees its button disabled with the reason.
 */
export function toolColumnsFor(options: { status: TInvoiceStatus; cartAvailable: boolean }): ToolColumn[] {
  const open = options.status === 'O';
  const columns: ToolColumn[] = [];
  if (open) columns.push('dispute', 'promise');
  columns.push('print');
  if (open && options.cartAvailable) columns.push('addToCart');
  return columns;
}

export function InvoiceRowTools(props: {
  row: TInvoiceRow;
  tools: ToolColumn[];
  roles: readonly string[];
  actions: Pick<InvoiceActions, 'promise' | 'removePromise' | 'print' | 'addToCart' | 'dispute'>;
  /** The row's disputes are being looked up (its dispute button spins). */
  disputing?: boolean;
  cartAvailable: boolean;
  /** The row's cart call is under way. */
  busy: boolean;
  /** The grid's translation function (invoices namespace first): no hook per row. */
  t: TFunction<['invoices', 'errors']>;
}) {
  const { row, actions, t } = props;
  const states = invoiceActionStates(row, props.roles, { cartAvailable: props.cartAvailable });
  const reasonOf = (state: ActionState) =>
    state.visible && !state.enabled ? t(`refusal.${state.reason}`) : undefined;

  const tool = (column: ToolColumn) => {
    switch (column) {
      case 'dispute':
        return states.dispute.visible
          ? toolButton({
              label: t('rowActions.dispute', { invNo: row.invNo }),
              tooltip: t('actions.dispute'),
              icon: 'dispute',
              testId: `row-dispute-${row.invNo}`,
              onClick: () => void actions.dispute(row),
              disabledReason: reasonOf(states.dispute),
              loading: props.disputing,
            })
          : null;
      case 'promise': {
        const { kind, state } = states.promise;
        if (!state.visible) return null;
        return kind === 'promise'
          ? toolButton({
              label: t('rowActions.promise', { invNo: row.invNo }),
              tooltip: t('actions.promise'),
              icon: 'promise',
              testId: `row-promise-${row.invNo}`,
              onClick: () => actions.promise([row]),
              disabledReason: reasonOf(state),
            })
          : toolButton({
              label: t('rowActions.removePromise', { invNo: row.invNo }),
              tooltip: t('actions.removePromise'),
              icon: 'removePromise',
              testId: `row-remove-promise-${row.invNo}`,
              onClick: () => actions.removePromise([row]),
              disabledReason: reasonOf(state),
            });
      }
      case 'print':
        return toolButton({
          label: t('rowActions.print', { invNo: row.invNo }),
          tooltip: t('actions.print'),
          icon: 'print',
          testId: `row-print-${row.invNo}`,
          onClick: () => actions.print([row]),
        });
      case 'addToCart':
        return states.addToCart.visible
          ? toolButton({
              label: t('rowActions.addToCart', { invNo: row.invNo }),
              tooltip: t('actions.addToCart'),
              icon: 'addToCart',
              testId: `row-add-to-cart-${row.invNo}`,
              onClick: () => void actions.addToCart([row]),
              disabledReason: reasonOf(states.addToCart),
              // A boolean mounts a spinner transition in every button: only a busy row gets one.
              loading: props.busy || undefined,
            })
          : null;
    }
  };

  return props.tools.map((column) => (
    <td key={column} className={`${TD_CLASS} ${classes.toolCell}`}>
      {tool(column)}
    </td>
  ));
}
