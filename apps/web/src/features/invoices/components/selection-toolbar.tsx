import { Button, Group, Text } from '@mantine/core';
import type { TInvoiceRow, TInvoiceStatus } from '@settle/shared/invoices';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';
import { AddToCartIcon, PrintIcon, PromiseIcon, RemovePromiseIcon } from './action-icons';
import type { InvoiceActions } from './use-invoice-actions';

/**
 * Actions on the selected invoices. The buttons stay enabled without a selection and then
 * answer 'Please select Transactions to Include', as the spec asks; promise and cart
 * actions exist only for open invoices and for users with the privilege.
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
  const canPromise = open && hasPrivilege(roles, Privilege.ALLOW_PROMISE_TO_PAY);
  const canPay = open && props.cartAvailable && hasPrivilege(roles, Privilege.ALLOW_PAY);

  return (
    <Group gap="xs" wrap="wrap" data-testid="selection-toolbar">
      <Text size="sm" c="dimmed" data-testid="selection-count" miw={90}>
        {t('selection.count', { count: selected.length, formatted: n0(selected.length) })}
      </Text>
      {canPromise ? (
        <>
          <Button
            size="xs"
            variant="light"
            leftSection={<PromiseIcon size={16} />}
            onClick={() => actions.promise(selected)}
            data-testid="toolbar-promise"
          >
            {t('actions.promise')}
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<RemovePromiseIcon size={16} />}
            onClick={() => actions.removePromise(selected)}
            data-testid="toolbar-remove-promise"
          >
            {t('actions.removePromise')}
          </Button>
        </>
      ) : null}
      <Button
        size="xs"
        variant="light"
        leftSection={<PrintIcon size={16} />}
        onClick={() => actions.print(selected)}
        data-testid="toolbar-print"
      >
        {t('actions.print')}
      </Button>
      {canPay ? (
        <Button
          size="xs"
          variant="light"
          leftSection={<AddToCartIcon size={16} />}
          onClick={() => void actions.addToCart(selected)}
          loading={actions.busy.size > 0}
          data-testid="toolbar-add-to-cart"
        >
          {t('actions.addToCart')}
        </Button>
      ) : null}
      {selected.length > 0 ? (
        <Button size="xs" variant="subtle" color="gray" onClick={props.onClear} data-testid="selection-clear">
          {t('selection.clear')}
        </Button>
      ) : null}
    </Group>
  );
}
