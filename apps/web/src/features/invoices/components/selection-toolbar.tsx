import { Button, Group, Text } from '@mantine/core';
import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import { hasPrivilege, Privilege, type TPrivilege } from '@settle/shared/privileges';
import { useTranslation } from 'react-i18next';
import { PrintIcon } from '../../../components/grid/grid-icons';
import { useFormatters } from '../../../lib/use-formatters';
import { ActionButton } from './action-button';
import { AddToCartIcon, PromiseIcon, RemovePromiseIcon } from './action-icons';
import type { InvoiceActions } from './use-invoice-actions';

/**
 * Actions on the selected invoices. Without a selection every button looks disabled and its
 * tooltip gives the spec's 'Please select Transactions to Include'; without a privilege its
 * buttons stay visible, disabled with the reason. Promise and cart actions exist only for
 * open invoices (the cart one only where a cart exists).
 */
export function SelectionToolbar(props: {
  selected: TInvoiceRow[];
  status: TInvoiceStatus;
  roles: readonly string[];
  actions: InvoiceActions;
  cartAvailable: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation('invoices');
  const { n0 } = useFormatters();
  const { selected, actions, roles } = props;
  const open = props.status === 'O';
  const reasonFor = (privilege?: TPrivilege) =>
    privilege && !hasPrivilege(roles, privilege)
      ? t('refusal.NO_PERMISSION')
      : selected.length === 0
        ? t('selection.required')
        : undefined;

  return (
    <Group gap="xs" wrap="wrap" data-testid="selection-toolbar">
      <Text size="sm" c="dimmed" data-testid="selection-count" miw={90}>
        {t('selection.count', { count: selected.length, formatted: n0(selected.length) })}
      </Text>
      {open ? (
        <>
          <ActionButton
            size="xs"
            label={t('actions.promise')}
            icon={<PromiseIcon size={16} />}
            onClick={() => actions.promise(selected)}
            testId="toolbar-promise"
            disabledReason={reasonFor(Privilege.ALLOW_PROMISE_TO_PAY)}
          />
          <ActionButton
            size="xs"
            label={t('actions.removePromise')}
            icon={<RemovePromiseIcon size={16} />}
            onClick={() => actions.removePromise(selected)}
            testId="toolbar-remove-promise"
            disabledReason={reasonFor(Privilege.ALLOW_PROMISE_TO_PAY)}
          />
        </>
      ) : null}
      <ActionButton
        size="xs"
        label={t('actions.print')}
        icon={<PrintIcon size={16} />}
        onClick={() => actions.print(selected)}
        testId="toolbar-print"
        disabledReason={reasonFor()}
      />
      {open && props.cartAvailable ? (
        <ActionButton
          size="xs"
          label={t('actions.addToCart')}
          icon={<AddToCartIcon size={16} />}
          onClick={() => void actions.addToCart(selected)}
          loading={actions.busy.size > 0}
          testId="toolbar-add-to-cart"
          disabledReason={reasonFor(Privilege.ALLOW_PAY)}
        />
      ) : null}
      {selected.length > 0 ? (
        <Button size="xs" variant="subtle" color="gray" onClick={props.onClear} data-testid="selection-clear">
          {t('selection.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
