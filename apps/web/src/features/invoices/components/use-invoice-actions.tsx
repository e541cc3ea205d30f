import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import { canPromise, canRemovePromise, type RefusalReason } from '@settle/shared/rules/invoices';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { useSignedInUser } from '../../../lib/use-user-data';
import { invoiceDetailKey } from '../api/get-invoice-detail';
import { invoiceListKey } from '../api/get-invoices';
import { useSetInvoicePromise } from '../api/set-invoice-promise';
import { partitionByRule } from './invoice-action-rules';
import { PromiseModal } from './promise-modal';
import { translateInvoiceError } from './translate-invoice-error';

/** Opens the invoice documents (someone else's viewer): the invoice numbers and their status. */
export type PrintHandler = (invNos: string[], status: TInvoiceStatus) => void;
/** Adds invoices to the current cart; composed in app/ from the cart feature. Resolves when done. */
export type AddToCartHandler = (invNos: string[]) => Promise<unknown>;
/** Opens an invoice's disputes (the disputes feature, composed in app/). Resolves when it has navigated. */
export type DisputeHandler = (invNo: string) => Promise<unknown>;

export interface InvoiceActions {
  promise: (rows: TInvoiceRow[]) => void;
  removePromise: (rows: TInvoiceRow[]) => void;
  print: (rows: TInvoiceRow[]) => void;
  addToCart: (rows: TInvoiceRow[]) => Promise<void>;
  dispute: (row: TInvoiceRow) => Promise<void>;
  /** The invoice whose disputes are being looked up, for its button's spinner. */
  disputing: string | null;
  /** The invoice numbers with a call under way, for the buttons' spinners. */
  busy: ReadonlySet<string>;
  /** The promise modal: render it once next to the buttons. */
  modal: ReactNode;
}

/**
 * The promise, remove-promise, print and add-to-cart actions of the grid (row and selection)
 * and of the detail page. Bulk actions need a selection ('Please select Transactions to
 * Include'); invoices a rule refuses are named and left out before the call.
 */
export function useInvoiceActions(options: {
  status: TInvoiceStatus;
  onPrint: PrintHandler;
  onAddToCart?: AddToCartHandler;
  onDispute?: DisputeHandler;
  /** After a change: the grid clears its selection. */
  onChanged?: () => void;
}): InvoiceActions {
  const { t } = useTranslation(['invoices', 'errors']);
  const { roles } = useSignedInUser();
  const queryClient = useQueryClient();
  const unpromise = useSetInvoicePromise();
  const [promiseTarget, setPromiseTarget] = useState<{ rows: TInvoiceRow[]; skipped: TInvoiceRow[] } | null>(
    null,
  );
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [disputing, setDisputing] = useState<string | null>(null);

  const hasSelection = (rows: TInvoiceRow[]) => {
    if (rows.length > 0) return true;
    notifications.show({ id: 'no-selection', color: 'yellow', message: t('invoices:selection.required') });
    return false;
  };

  const refusalText = (refused: Array<{ row: TInvoiceRow; reason: RefusalReason }>) =>
    refused.map(({ row, reason }) => `${row.invNo}: ${t(`invoices:refusal.${reason}`)}`).join('\n');

  const refreshInvoices = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invoiceListKey }),
      queryClient.invalidateQueries({ queryKey: invoiceDetailKey }),
    ]);

  const promise = (rows: TInvoiceRow[]) => {
    if (!hasSelection(rows)) return;
    const { allowed, refused } = partitionByRule(rows, canPromise, roles);
    if (allowed.length === 0) {
      notifications.show({
        color: 'yellow',
        title: t('invoices:promise.none'),
        message: <Text style={{ whiteSpace: 'pre-line' }}>{refusalText(refused)}</Text>,
      });
      return;
    }
    setPromiseTarget({ rows: allowed, skipped: refused.map((entry) => entry.row) });
  };

  const removePromise = (rows: TInvoiceRow[]) => {
    if (!hasSelection(rows)) return;
    const { allowed, refused } = partitionByRule(rows, canRemovePromise, roles);
    if (allowed.length === 0) {
      notifications.show({
        color: 'yellow',
        title: t('invoices:removePromise.none'),
        message: <Text style={{ whiteSpace: 'pre-line' }}>{refusalText(refused)}</Text>,
      });
      return;
    }
    const invNos = allowed.map((row) => row.invNo);
    modals.openConfirmModal({
      title: t('invoices:removePromise.title'),
      children: (
        <Text size="sm" data-testid="remove-promise-question">
          {t('invoices:removePromise.question', { count: invNos.length, invoices: invNos.join(', ') })}
          {refused.length > 0
            ? ` ${t('invoices:removePromise.skipped', { count: refused.length, invoices: refused.map((entry) => entry.row.invNo).join(', ') })}`
            : ''}
        </Text>
      ),
      labels: { confirm: t('invoices:removePromise.confirm'), cancel: t('invoices:actions.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'remove-promise-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        unpromise.mutate(
          { invNo: invNos, promised: false },
          {
            onSuccess: (response) => {
              notifications.show({
                color: 'teal',
                message: t('invoices:removePromise.done', { count: response.invNo.length }),
              });
              options.onChanged?.();
            },
            onError: (error) => {
              if (isSessionEndingError(error)) return;
              notifications.show({
                color: 'red',
                title: t('invoices:removePromise.failed'),
                message: translateInvoiceError(t, error),
              });
            },
          },
        ),
    });
  };

  const print = (rows: TInvoiceRow[]) => {
    if (!hasSelection(rows)) return;
    options.onPrint(
      rows.map((row) => row.invNo),
      options.status,
    );
  };

  const addToCart = async (rows: TInvoiceRow[]) => {
    if (!options.onAddToCart || !hasSelection(rows)) return;
    const invNos = rows.map((row) => row.invNo);
    setBusy(new Set(invNos));
    try {
      await options.onAddToCart(invNos);
      options.onChanged?.();
    } catch {
      // The cart feature has already told the user what went wrong.
    } finally {
      setBusy(new Set());
      await refreshInvoices();
    }
  };

  const dispute = async (row: TInvoiceRow) => {
    if (!options.onDispute) return;
    setDisputing(row.invNo);
    try {
      await options.onDispute(row.invNo);
    } finally {
      setDisputing(null);
    }
  };

  const modal = (
    <PromiseModal
      rows={promiseTarget?.rows ?? null}
      skipped={promiseTarget?.skipped}
      onClose={() => setPromiseTarget(null)}
      onPromised={() => {
        setPromiseTarget(null);
        options.onChanged?.();
      }}
    />
  );

  return { promise, removePromise, print, addToCart, dispute, disputing, busy, modal };
}
