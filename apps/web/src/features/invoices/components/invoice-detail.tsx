import {
  Alert,
  Anchor,
  Badge,
  DataList,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TInvoiceDetail, TInvoiceStatus } from '@settle/shared/invoices';
import { addMoney, subtractMoney, toMinorUnits } from '@settle/shared/money';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatFieldValue } from '../../../components/grid/format-field-value';
import { PrintIcon } from '../../../components/grid/grid-icons';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useInvoiceDetail } from '../api/get-invoice-detail';
import { useServerDate } from '../api/get-server-date';
import { ActionButton } from './action-button';
import { AddToCartIcon, DisputeIcon, PromiseIcon, RemovePromiseIcon } from './action-icons';
import { CollectorContact } from './collector-contact';
import { type ActionState, invoiceActionStates } from './invoice-action-rules';
import { InvoiceMarkBadges } from './invoice-mark-badges';
import { LineItemsTable } from './line-items-table';
import { translateInvoiceError } from './translate-invoice-error';
import {
  type AddToCartHandler,
  type DisputeHandler,
  type PrintHandler,
  useInvoiceActions,
} from './use-invoice-actions';

const DISPUTE_FIELDS = new Set(['disputeAmount']);
const SUMMARY_FIELDS = ['amount', 'paidAmount', 'disputeAmount', 'balance'] as const;

/**
 * The part of the header's disputed amount that no line carries: a dispute made by amount
 * rather than by line, which the page must explain since the lines do not show it.
 */
function disputedByAmount(detail: TInvoiceDetail): { amount: string; partly: boolean } | null {
  const onLines = addMoney('0', ...detail.lineItems.map((line) => line.disputedAmt));
  const offLines = subtractMoney(detail.invoice.disputeAmount, onLines);
  if (toMinorUnits(offLines) <= 0) return null;
  return { amount: offLines, partly: toMinorUnits(onLines) > 0 };
}

/** Two columns of header fields on wide screens, the first one taking the odd field. */
function halves<T>(items: T[]): T[][] {
  const middle = Math.ceil(items.length / 2);
  return [items.slice(0, middle), items.slice(middle)].filter((half) => half.length > 0);
}

export interface InvoiceDetailProps {
  invNo: string;
  status: TInvoiceStatus;
  onPrint: PrintHandler;
  onAddToCart?: AddToCartHandler;
  onDispute?: DisputeHandler;
  /** Rendered under the invoice (its activity timeline), given the invoice. */
  footer?: (invoice: TInvoiceDetail['invoice']) => ReactNode;
  /** Where the back link goes: the grid, with its status. */
  backTo: string;
}

/** One invoice: its header fields, line items, totals, the actions it allows and the collector to ask. */
export function InvoiceDetail(props: InvoiceDetailProps) {
  const { t } = useTranslation(['invoices', 'errors']);
  const { currentCustNo } = useSignedInUser();
  const detail = useInvoiceDetail({ invNo: props.invNo, status: props.status, custNo: currentCustNo ?? '' });

  const back = (
    <Anchor component={Link} to={props.backTo} size="sm" data-testid="back-to-invoices">
      ← {t('invoices:detail.back')}
    </Anchor>
  );

  if (detail.isPending) {
    return (
      <Stack data-testid="detail-loading" aria-busy="true">
        {back}
        <Skeleton height={32} width={280} />
        <Skeleton height={160} />
        <Skeleton height={200} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack>
        {back}
        <Alert color="red" title={t('invoices:detail.loadFailed')} data-testid="detail-error">
          {isSessionEndingError(detail.error) ? null : translateInvoiceError(t, detail.error)}
        </Alert>
      </Stack>
    );
  }
  return <InvoiceDetailView {...props} detail={detail.data} back={back} />;
}

function InvoiceDetailView(props: InvoiceDetailProps & { detail: TInvoiceDetail; back: ReactNode }) {
  const { t } = useTranslation(['invoices', 'errors']);
  const formatters = useFormatters();
  const { roles, currentCustNo } = useSignedInUser();
  const { invoice } = props.detail;
  const showDisputed = hasPrivilege(roles, Privilege.ALLOW_PROB_VIEW);
  const cartAvailable = props.onAddToCart !== undefined;
  const actions = useInvoiceActions({
    status: invoice.status,
    onPrint: props.onPrint,
    onAddToCart: props.onAddToCart,
    onDispute: props.onDispute,
  });
  const states = invoiceActionStates(invoice, roles, { cartAvailable });
  const currencyCode = invoice.tranCurrencyCode;
  const format = (value: unknown, dataType: string) =>
    formatFieldValue(value, dataType, { formatters, t, currencyCode });
  // The summary cards show the amounts; the header lists everything else, so each figure shows once.
  const headerFields = props.detail.headerFields.filter(
    (field) =>
      !(SUMMARY_FIELDS as readonly string[]).includes(field.field) &&
      (showDisputed || !DISPUTE_FIELDS.has(field.field)),
  );
  const disputedOffLines = showDisputed ? disputedByAmount(props.detail) : null;
  const serverDate = useServerDate({ enabled: true });

  const reasonOf = (state: ActionState) =>
    state.visible && !state.enabled ? t(`invoices:refusal.${state.reason}`) : undefined;
  const action = (options: {
    state: ActionState;
    label: string;
    icon: ReactNode;
    testId: string;
    onClick?: () => void;
    to?: string;
    loading?: boolean;
  }) => {
    const { state, ...button } = options;
    return state.visible ? <ActionButton {...button} disabledReason={reasonOf(state)} /> : null;
  };

  const promised = invoice.promise === 'true';
  return (
    <Stack gap="md">
      {props.back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} size="h2" data-testid="detail-title">
            {t('invoices:detail.title', { invNo: invoice.invNo })}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color={invoice.status === 'O' ? 'blue' : 'gray'}>
              {t(invoice.status === 'O' ? 'invoices:detail.open' : 'invoices:detail.closed')}
            </Badge>
            <InvoiceMarkBadges invoice={invoice} today={serverDate.data?.serverDate} />
            {invoice.inCart ? (
              <Badge variant="light" color="indigo" data-testid="badge-in-cart">
                {t('invoices:detail.inCart')}
              </Badge>
            ) : null}
          </Group>
        </Stack>
        <Group gap="xs" data-testid="detail-actions">
          {invoice.status === 'O'
            ? action({
                state: states.dispute,
                label: t('invoices:actions.dispute'),
                icon: <DisputeIcon size={16} />,
                testId: 'detail-dispute',
                onClick: () => void actions.dispute(invoice),
                loading: actions.disputing === invoice.invNo,
              })
            : null}
          {action({
            state: states.promise.state,
            label: t(promised ? 'invoices:actions.removePromise' : 'invoices:actions.promise'),
            icon: promised ? <RemovePromiseIcon size={16} /> : <PromiseIcon size={16} />,
            testId: promised ? 'detail-remove-promise' : 'detail-promise',
            onClick: () => (promised ? actions.removePromise([invoice]) : actions.promise([invoice])),
          })}
          {action({
            state: { visible: true, enabled: true },
            label: t('invoices:actions.print'),
            icon: <PrintIcon size={16} />,
            testId: 'detail-print',
            onClick: () => actions.print([invoice]),
          })}
          {action({
            state: states.addToCart,
            label: t('invoices:actions.addToCart'),
            icon: <AddToCartIcon size={16} />,
            testId: 'detail-add-to-cart',
            onClick: () => void actions.addToCart([invoice]),
            loading: actions.busy.size > 0,
          })}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="detail-summary">
        {SUMMARY_FIELDS.filter((field) => showDisputed || !DISPUTE_FIELDS.has(field)).map((field) => {
          const formatted = format(invoice[field], 'currency');
          return (
            <Paper key={field} withBorder p="sm" radius="md">
              <Text size="xs" c="dimmed">
                {t(`invoices:columns.${field}`)}
              </Text>
              <Text
                fw={700}
                size="lg"
                c={formatted.negative ? 'var(--settle-negative)' : undefined}
                data-testid={`detail-${field}`}
              >
                {formatted.text}
              </Text>
            </Paper>
          );
        })}
      </SimpleGrid>

      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h5" mb="sm">
          {t('invoices:detail.header')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" data-testid="detail-header-fields">
          {halves(headerFields).map((half) => (
            <DataList key={half[0]?.field ?? 'empty'} orientation="horizontal" labelWidth={170} withDivider>
              {half.map((field) => (
                <DataList.Item key={field.field}>
                  <DataList.ItemLabel>
                    {/* A grid field has its grid label; the detail's own fields (ship to...) theirs. */}
                    {t([`invoices:columns.${field.field}`, `invoices:detailFields.${field.field}`], {
                      defaultValue: field.title,
                    })}
                  </DataList.ItemLabel>
                  <DataList.ItemValue data-testid={`field-${field.field}`}>
                    {format(field.value, field.dataType).text || '—'}
                  </DataList.ItemValue>
                </DataList.Item>
              ))}
            </DataList>
          ))}
        </SimpleGrid>
      </Paper>

      <Stack gap="xs">
        <Title order={2} size="h5">
          {t('invoices:detail.lines')}
        </Title>
        <LineItemsTable detail={props.detail} currencyCode={currencyCode} showDisputed={showDisputed} />
        {disputedOffLines ? (
          <Alert color="grape" variant="light" data-testid="dispute-by-amount">
            {t(
              disputedOffLines.partly
                ? 'invoices:detail.disputedPartlyByAmount'
                : 'invoices:detail.disputedByAmount',
              { amount: formatters.c2(disputedOffLines.amount, currencyCode) },
            )}
          </Alert>
        ) : null}
      </Stack>

      {currentCustNo ? <CollectorContact custNo={currentCustNo} /> : null}
      {props.footer?.(invoice)}
      {actions.modal}
    </Stack>
  );
}
