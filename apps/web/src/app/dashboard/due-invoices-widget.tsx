import { Badge, Button, Group, Table, Tooltip } from '@mantine/core';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { canAddToCart } from '@settle/shared/rules/invoices';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAddToCartAction } from '../../features/cart/components/use-add-to-cart-action';
import { useOverdueInvoices } from '../../features/dashboard/api/get-overdue-invoices';
import { WidgetState } from '../../features/dashboard/components/widget-state';
import type { WidgetProps } from '../../features/dashboard/lib/widget-registry';
import { useFormatters } from '../../lib/use-formatters';
import { useSignedInUser } from '../../lib/use-user-data';

/** A widget shows the earliest due; the invoice grid has them all. */
const SHOWN = 10;

type DueRow = NonNullable<ReturnType<typeof useOverdueInvoices>['data']>['invoices'][number];

const factsOf = (row: DueRow) => ({
  status: 'O' as const,
  balance: row.balance,
  disputeAmount: row.disputeAmount,
  paymentPending: row.paymentPending,
  promise: row.promise,
  inCart: row.inCart,
});

/**
 * Overdue (P) and coming-due (C) invoices, with add one or all to the cart under the cart
 * rules: a row the rules refuse has its button disabled with the reason; "add all" sends
 * every row shown that is not in the cart, and the server's answer names those it refused.
 */
export function DueInvoicesWidget({ refetchInterval }: WidgetProps) {
  const { t } = useTranslation(['dashboard', 'cart']);
  const { c2, date } = useFormatters();
  const { currentCustNo, currencyCode, roles } = useSignedInUser();
  const due = useOverdueInvoices({ custNo: currentCustNo, currencyCode, refetchInterval });
  const addToCart = useAddToCartAction();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const mayPay = hasPrivilege(roles, Privilege.ALLOW_PAY);

  const add = async (invNos: string[]) => {
    setBusy(true);
    try {
      await addToCart(invNos);
    } catch {
      // The action told the user already.
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['dashboard', 'overdue'] });
    }
  };

  return (
    <WidgetState
      query={due}
      isEmpty={(data) => data.invoices.length === 0}
      emptyText={t('dashboard:due.empty')}
      testId="due"
    >
      {(data) => {
        const shown = data.invoices.slice(0, SHOWN);
        const notInCart = shown.filter((row) => !row.inCart).map((row) => row.invNo);
        return (
          <>
            <Table.ScrollContainer minWidth={420}>
              <Table data-testid="due-table" fz="sm" verticalSpacing={4}>
                <Table.Caption>{t('dashboard:due.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('dashboard:columns.invNo')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard:columns.dueDate')}</Table.Th>
                    <Table.Th scope="col">{t('dashboard:due.status')}</Table.Th>
                    <Table.Th scope="col" ta="end">
                      {t('dashboard:columns.balance')}
                    </Table.Th>
                    {mayPay ? <Table.Td /> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {shown.map((row) => {
                    const verdict = canAddToCart(factsOf(row), roles);
                    return (
                      <Table.Tr
                        key={row.id}
                        data-testid={`due-row-${row.invNo}`}
                        data-overdue-status={row.overdueStatus}
                      >
                        <Table.Td>
                          <Link to={`/detail/O/${encodeURIComponent(row.invNo)}`}>{row.invNo}</Link>
                        </Table.Td>
                        <Table.Td>{date(row.dueDate)}</Table.Td>
                        <Table.Td>
                          <Badge variant="light" color={row.overdueStatus === 'P' ? 'red' : 'blue'} size="sm">
                            {row.overdueStatus === 'P'
                              ? t('dashboard:due.overdue')
                              : t('dashboard:due.comingDue')}
                          </Badge>
                        </Table.Td>
                        <Table.Td ta="end">{c2(row.tranBal, row.tranCurrencyCode)}</Table.Td>
                        {mayPay ? (
                          <Table.Td ta="end">
                            {row.inCart ? (
                              <Badge variant="outline" size="sm" color="gray">
                                {t('dashboard:due.inCart')}
                              </Badge>
                            ) : (
                              <Tooltip
                                label={
                                  verdict.allowed
                                    ? t('dashboard:due.add', { invNo: row.invNo })
                                    : t(`cart:refusal.${verdict.reason}`)
                                }
                              >
                                <Button
                                  size="compact-xs"
                                  variant="light"
                                  disabled={busy || !verdict.allowed}
                                  aria-label={t('dashboard:due.add', { invNo: row.invNo })}
                                  onClick={() => void add([row.invNo])}
                                  data-testid={`due-add-${row.invNo}`}
                                >
                                  +
                                </Button>
                              </Tooltip>
                            )}
                          </Table.Td>
                        ) : null}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {mayPay ? (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  disabled={busy || notInCart.length === 0}
                  onClick={() => void add(notInCart)}
                  data-testid="due-add-all"
                >
                  {t('dashboard:due.addAll')}
                </Button>
              </Group>
            ) : null}
          </>
        );
      }}
    </WidgetState>
  );
}
