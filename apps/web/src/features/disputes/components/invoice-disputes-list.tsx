import { Alert, Anchor, Badge, Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSignedInUser } from '../../../lib/use-user-data';
import { useInvoiceDisputes } from '../api/get-invoice-disputes';
import { shownReason, statusCodeOf } from '../lib/dispute-labels';
import { disputePath } from '../lib/dispute-path';
import { translateDisputeError } from '../lib/translate-dispute-error';

/** disputebyinvoices/{invNo}: an invoice's disputes, each opening its detail. */
export function InvoiceDisputesList(props: { invNo: string; back: ReactNode; canCreate: boolean }) {
  const { t } = useTranslation(['disputes', 'errors']);
  const formatters = useFormatters();
  const { currentCustNo } = useSignedInUser();
  const list = useInvoiceDisputes({ invNo: props.invNo, custNo: currentCustNo ?? '' });
  const invoice = encodeURIComponent(props.invNo);

  return (
    <Stack gap="md">
      {props.back}
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('disputes:list.title', { invNo: props.invNo })}
        </Title>
        {props.canCreate ? (
          <Button component={Link} to={`/dispute/${invoice}`} variant="light" data-testid="dispute-new">
            {t('disputes:list.new')}
          </Button>
        ) : null}
      </Group>
      {list.isPending ? <Skeleton height={120} /> : null}
      {list.isError ? (
        <Alert color="red" title={t('disputes:detail.loadFailed')}>
          {isSessionEndingError(list.error) ? null : translateDisputeError(t, list.error)}
        </Alert>
      ) : null}
      {list.data && list.data.rows.length === 0 ? <Text c="dimmed">{t('disputes:list.empty')}</Text> : null}
      {list.data && list.data.rows.length > 0 ? (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table striped withTableBorder fz="sm" data-testid="invoice-disputes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('disputes:fields.probNo')}</Table.Th>
                <Table.Th>{t('disputes:fields.createdOn')}</Table.Th>
                <Table.Th>{t('disputes:fields.status')}</Table.Th>
                <Table.Th>{t('disputes:fields.reason')}</Table.Th>
                <Table.Th ta="right">{t('disputes:fields.disputedAmount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`invoice-dispute-${row.probNo}`}>
                  <Table.Td>
                    <Anchor component={Link} to={disputePath(row)} size="sm">
                      {t('disputes:list.open', { probNo: row.probNo })}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{formatters.date(row.createdOn)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{t(`disputes:status.${statusCodeOf(row.statusCode)}`)}</Badge>
                  </Table.Td>
                  <Table.Td>{shownReason(t, row.reasonDisplay)}</Table.Td>
                  <Table.Td ta="right">
                    {row.disputedAmount === null ? '—' : formatters.c2(row.disputedAmount, row.currencyCode)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
