import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TCartLine } from '@settle/shared/cart';
import { addMoney, toMinorUnits } from '@settle/shared/money';
import { SHORT_PAY_REASONS } from '@settle/shared/payments';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useEmptyCart } from '../api/empty-cart';
import { usePaymentCart } from '../api/get-payment-cart';
import { useRemoveFromCart } from '../api/remove-from-cart';
import { useSyncPaymentCart } from '../api/sync-payment-cart';
import { TrashIcon } from './cart-icons';
import {
  checkLinePayment,
  type LineEdit,
  type LinePaymentCheck,
  mergeSyncedLines,
  type TShortPayReason,
} from './cart-lines';
import classes from './payment-cart.module.css';

/** What the pay area (composed by the route) needs from the cart. */
export interface CartPayContext {
  custNo: string;
  currency: string;
  /** The sum of the payment amounts, as lowered by the user. */
  total: string;
  /** The total is above 0 and every lowered line is valid (amount in range, reason given). */
  payable: boolean;
  disabledReason: string;
  payments: Array<{ invNo: string; payment: string; shortPayReason?: TShortPayReason }>;
  /** Forgets the lowered amounts (after a payment, or when the server changed the lines). */
  resetEdits: () => void;
}

/**
 * The payment cart of the current customer and currency: its lines (synced with the server
 * at load), payment amounts that can be lowered with a reason, removal of one, several or all
 * lines, the summary and the pay area the route gives (`renderPay`).
 */
export function PaymentCart({ renderPay }: { renderPay?: (context: CartPayContext) => ReactNode }) {
  const { t } = useTranslation(['cart', 'errors']);
  const { c2, n0, n2 } = useFormatters();
  const [edits, setEdits] = useState<ReadonlyMap<string, LineEdit>>(new Map());
  const { roles, currentCustNo, currentCustomer, currencyCode } = useSignedInUser();
  const owner = currentCustNo ? { custNo: currentCustNo, currencyCode } : null;
  const cart = usePaymentCart(owner);
  const invNos = useMemo(() => cart.data?.payments.map((line) => line.invNo), [cart.data]);
  const sync = useSyncPaymentCart(owner, invNos);
  const remove = useRemoveFromCart();
  const empty = useEmptyCart();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const showDisputed = hasPrivilege(roles, Privilege.ALLOW_PROB_VIEW);

  // Another account or currency is another cart: nothing stays selected.
  const scope = `${currentCustNo}|${currencyCode}`;
  const [previousScope, setPreviousScope] = useState(scope);
  if (scope !== previousScope) {
    setPreviousScope(scope);
    setSelected(new Set());
    setEdits(new Map());
  }

  if (!owner) {
    return <Alert color="yellow">{t('cart:noAccount')}</Alert>;
  }
  if (cart.isPending) {
    return (
      <Stack data-testid="cart-loading" aria-busy="true">
        <Skeleton height={28} />
        <Skeleton height={28} />
        <Skeleton height={28} />
      </Stack>
    );
  }
  if (cart.isError) {
    return (
      <Alert color="red" title={t('cart:loadFailed')} data-testid="cart-error">
        {isSessionEndingError(cart.error) ? null : translateApiError(t, cart.error)}
      </Alert>
    );
  }

  const lines = mergeSyncedLines(cart.data, sync.data);
  // The user's decimal mark, as the formatter writes 1.5.
  const decimalMark = n2(1.5).replace(/[0-9]/g, '').slice(-1) || '.';
  const checks = new Map<string, LinePaymentCheck>(
    lines.map((line) => [line.invNo, checkLinePayment(line, edits.get(line.invNo), decimalMark)]),
  );
  const payments = lines.flatMap((line) => {
    const check = checks.get(line.invNo);
    return check?.ok
      ? [{ invNo: line.invNo, payment: check.payment, shortPayReason: check.shortPayReason }]
      : [];
  });
  const allValid = payments.length === lines.length;
  const counted = [...checks.values()].flatMap((check) =>
    check.ok || check.error === 'reason' ? [check.payment] : [],
  );
  const summary = { count: lines.length, total: addMoney('0', ...counted) };
  const payable = allValid && toMinorUnits(summary.total) > 0;
  const editLine = (invNo: string, change: Partial<LineEdit>) =>
    setEdits((current) => {
      const next = new Map(current);
      const previous = next.get(invNo);
      const line = lines.find((entry) => entry.invNo === invNo);
      next.set(invNo, {
        text: change.text ?? previous?.text ?? (line ? line.payment.replace('.', decimalMark) : ''),
        reason: change.reason !== undefined ? change.reason : (previous?.reason ?? null),
      });
      return next;
    });
  const reasonOptions = SHORT_PAY_REASONS.map((reason) => ({
    value: reason,
    label: t(`cart:shortPayReason.${reason}`),
  }));
  const selectedLines = lines.filter((line) => selected.has(line.invNo));
  const currency = cart.data.currencyCode;

  const onError = (error: unknown) => {
    if (isSessionEndingError(error)) return;
    notifications.show({ color: 'red', title: t('cart:changeFailed'), message: translateApiError(t, error) });
  };

  const removeLines = (toRemove: string[]) =>
    remove.mutate(
      { ...owner, invNo: toRemove },
      {
        onSuccess: () => {
          setSelected((current) => new Set([...current].filter((invNo) => !toRemove.includes(invNo))));
          notifications.show({ color: 'teal', message: t('cart:removed', { count: toRemove.length }) });
        },
        onError,
      },
    );

  const confirmRemove = (line: TCartLine) =>
    modals.openConfirmModal({
      title: t('cart:remove.title'),
      children: <Text size="sm">{t('cart:remove.question')}</Text>,
      labels: { confirm: t('cart:remove.confirm'), cancel: t('cart:cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove' } as Record<string, unknown>,
      onConfirm: () => removeLines([line.invNo]),
    });

  const confirmRemoveSelected = () => {
    if (selectedLines.length === 0) {
      notifications.show({ color: 'yellow', message: t('cart:selectionRequired') });
      return;
    }
    const chosen = selectedLines.map((line) => line.invNo);
    modals.openConfirmModal({
      title: t('cart:remove.title'),
      children: <Text size="sm">{t('cart:remove.questionMany', { count: chosen.length })}</Text>,
      labels: { confirm: t('cart:remove.confirm'), cancel: t('cart:cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-remove' } as Record<string, unknown>,
      onConfirm: () => removeLines(chosen),
    });
  };

  const confirmEmpty = () =>
    modals.openConfirmModal({
      title: t('cart:empty.title'),
      children: <Text size="sm">{t('cart:empty.question')}</Text>,
      labels: { confirm: t('cart:empty.confirm'), cancel: t('cart:cancel') },
      confirmProps: { color: 'red', 'data-testid': 'confirm-empty' } as Record<string, unknown>,
      onConfirm: () =>
        empty.mutate(owner, {
          onSuccess: () => {
            setSelected(new Set());
            notifications.show({ color: 'teal', message: t('cart:empty.done') });
          },
          onError,
        }),
    });

  const allSelected = lines.length > 0 && selectedLines.length === lines.length;
  const amount = (value: string) => (
    <span className={Number(value) < 0 ? classes.negative : undefined}>{c2(value, currency)}</span>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        {/* Whose cart, in words: the technical paymentCartName means nothing to the user. */}
        <Text size="sm" c="dimmed" data-testid="cart-name">
          {t('cart:owner', {
            company: currentCustomer?.company ?? cart.data.custNo,
            custNo: cart.data.custNo,
            currency: cart.data.currencyCode,
          })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<TrashIcon size={16} />}
            onClick={confirmRemoveSelected}
            disabled={lines.length === 0}
            data-testid="cart-remove-selected"
          >
            {t('cart:removeSelected', { count: selectedLines.length })}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={confirmEmpty}
            disabled={lines.length === 0}
            loading={empty.isPending}
            data-testid="cart-empty"
          >
            {t('cart:empty.button')}
          </Button>
        </Group>
      </Group>

      {sync.isError && !isSessionEndingError(sync.error) ? (
        <Alert color="yellow" data-testid="cart-sync-failed">
          {t('cart:syncFailed')}
        </Alert>
      ) : null}

      {/* No height cap: the page scrolls, so every line shows instead of a cramped inner scroll. */}
      <Table.ScrollContainer minWidth={520} type="native" data-testid="cart-grid-scroll">
        <Table stickyHeader striped highlightOnHover withTableBorder fz="sm" data-testid="cart-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  size="xs"
                  aria-label={t('cart:selectAll')}
                  checked={allSelected}
                  indeterminate={selectedLines.length > 0 && !allSelected}
                  disabled={lines.length === 0}
                  onChange={(event) =>
                    setSelected(
                      event.currentTarget.checked ? new Set(lines.map((line) => line.invNo)) : new Set(),
                    )
                  }
                  data-testid="cart-select-all"
                />
              </Table.Th>
              <Table.Th>{t('cart:columns.invNo')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('cart:columns.balance')}</Table.Th>
              {showDisputed ? (
                <Table.Th className={classes.numeric} data-testid="cart-disputed-header">
                  {t('cart:columns.disputed')}
                </Table.Th>
              ) : null}
              <Table.Th className={classes.numeric}>{t('cart:columns.payment')}</Table.Th>
              <Table.Th w={48}>
                <VisuallyHidden>{t('cart:columns.remove')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={showDisputed ? 6 : 5}>
                  <Stack align="center" gap={4} py="md" data-testid="cart-empty-state">
                    <Text c="dimmed">{t('cart:emptyState')}</Text>
                    <Anchor component={Link} to="/invoices" size="sm">
                      {t('cart:goToInvoices')}
                    </Anchor>
                  </Stack>
                </Table.Td>
              </Table.Tr>
            ) : (
              lines.map((line) => (
                <Table.Tr key={line.invNo} data-testid={`cart-row-${line.invNo}`}>
                  <Table.Td>
                    <Checkbox
                      size="xs"
                      aria-label={t('cart:selectLine', { invNo: line.invNo })}
                      checked={selected.has(line.invNo)}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setSelected((current) => {
                          const next = new Set(current);
                          if (checked) next.add(line.invNo);
                          else next.delete(line.invNo);
                          return next;
                        });
                      }}
                      data-testid={`cart-select-${line.invNo}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Anchor component={Link} to={`/detail/O/${encodeURIComponent(line.invNo)}`} size="sm">
                      {line.invNo}
                    </Anchor>
                  </Table.Td>
                  <Table.Td className={classes.numeric}>{amount(line.balance)}</Table.Td>
                  {showDisputed ? (
                    <Table.Td className={classes.numeric}>{amount(line.disputed)}</Table.Td>
                  ) : null}
                  <Table.Td className={classes.numeric} data-testid={`cart-payment-${line.invNo}`}>
                    {toMinorUnits(line.payment) > 0 ? (
                      <PaymentAmountEditor
                        invNo={line.invNo}
                        max={c2(line.payment, currency)}
                        text={edits.get(line.invNo)?.text ?? line.payment.replace('.', decimalMark)}
                        reason={edits.get(line.invNo)?.reason ?? null}
                        check={checks.get(line.invNo)!}
                        reasonOptions={reasonOptions}
                        onChange={(change) => editLine(line.invNo, change)}
                      />
                    ) : (
                      amount(line.payment)
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('cart:remove.tooltip')} withArrow openDelay={200}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('cart:remove.label', { invNo: line.invNo })}
                        onClick={() => confirmRemove(line)}
                        loading={remove.isPending && remove.variables?.invNo.includes(line.invNo)}
                        data-testid={`cart-remove-${line.invNo}`}
                      >
                        <TrashIcon />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Paper withBorder p="md" radius="md" data-testid="cart-summary">
        <Group justify="space-between" wrap="wrap" gap="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed" data-testid="cart-summary-count">
              {t('cart:summary.count', { count: summary.count, formatted: n0(summary.count) })}
            </Text>
            <Group gap="xs" align="baseline">
              <Text fw={600}>{t('cart:summary.total')}</Text>
              <Text fw={700} size="xl" data-testid="cart-total">
                {c2(summary.total, currency)}
              </Text>
            </Group>
          </Stack>
          {renderPay?.({
            custNo: cart.data.custNo,
            currency,
            total: summary.total,
            payable,
            disabledReason: allValid ? t('cart:pay.totalZero') : t('cart:pay.fixLines'),
            payments,
            resetEdits: () => setEdits(new Map()),
          })}
        </Group>
      </Paper>
    </Stack>
  );
}

/**
 * A line's payment amount, which the user may lower (beyond the spec): the amount, then the
 * reason for paying less once it is below balance minus disputed.
 */
function PaymentAmountEditor(props: {
  invNo: string;
  max: string;
  text: string;
  reason: TShortPayReason | null;
  check: LinePaymentCheck;
  reasonOptions: Array<{ value: string; label: string }>;
  onChange: (change: Partial<LineEdit>) => void;
}) {
  const { t } = useTranslation('cart');
  const lowered = props.check.ok ? props.check.shortPayReason !== undefined : props.check.error === 'reason';
  return (
    <Stack gap={4} align="flex-end">
      <TextInput
        size="xs"
        w={130}
        inputMode="decimal"
        aria-label={t('partial.amountLabel', { invNo: props.invNo })}
        value={props.text}
        onChange={(event) => props.onChange({ text: event.currentTarget.value })}
        error={
          !props.check.ok && props.check.error === 'range'
            ? t('partial.range', { max: props.max })
            : undefined
        }
        styles={{ input: { textAlign: 'right' } }}
        data-testid={`cart-amount-${props.invNo}`}
      />
      {lowered ? (
        <Select
          size="xs"
          w={200}
          aria-label={t('partial.reasonLabel', { invNo: props.invNo })}
          placeholder={t('partial.reasonPlaceholder')}
          data={props.reasonOptions}
          value={props.reason}
          onChange={(value) => props.onChange({ reason: (value as TShortPayReason | null) ?? null })}
          error={!props.check.ok && props.check.error === 'reason' ? t('partial.reasonRequired') : undefined}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid={`cart-reason-${props.invNo}`}
        />
      ) : null}
    </Stack>
  );
}
