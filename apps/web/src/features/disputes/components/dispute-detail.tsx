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
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TDispute } from '@settle/shared/disputes';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useDispute } from '../api/get-dispute';
import { statusCodeOf } from '../lib/dispute-labels';
import { translateDisputeError } from '../lib/translate-dispute-error';
import type { AttachmentUploader } from './attachment-uploader';
import { DisputeAttachments } from './dispute-attachments';
import { DisputeNotes } from './dispute-notes';
import { DisputeReasonField } from './dispute-reason-field';

/** One dispute: status, reason, amounts, disputed lines, notes and attachments. */
export function DisputeDetail(props: { probNo: number; uploader: AttachmentUploader; back: ReactNode }) {
  const { t } = useTranslation(['disputes', 'errors']);
  const dispute = useDispute(props.probNo);
  if (dispute.isPending) {
    return (
      <Stack aria-busy="true">
        {props.back}
        <Skeleton height={32} width={280} />
        <Skeleton height={160} />
      </Stack>
    );
  }
  if (dispute.isError) {
    return (
      <Stack>
        {props.back}
        <Alert color="red" title={t('disputes:detail.loadFailed')} data-testid="dispute-error">
          {isSessionEndingError(dispute.error) ? null : translateDisputeError(t, dispute.error)}
        </Alert>
      </Stack>
    );
  }
  return <DisputeDetailView dispute={dispute.data} uploader={props.uploader} back={props.back} />;
}

function DisputeDetailView({
  dispute,
  uploader,
  back,
}: {
  dispute: TDispute;
  uploader: AttachmentUploader;
  back: ReactNode;
}) {
  const { t } = useTranslation('disputes');
  const formatters = useFormatters();
  // On a phone the labels go above their values: two columns leave the reason's dropdown no room.
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const money = (value: string | null) => (value === null ? '—' : formatters.c2(value, dispute.currencyCode));
  const status = statusCodeOf(dispute.statusCode);
  const facts: Array<{ key: string; label: string; value: ReactNode }> = [
    { key: 'reason', label: t('fields.reason'), value: <DisputeReasonField dispute={dispute} /> },
    { key: 'style', label: t('fields.style'), value: t(`style.${dispute.style}`) },
    ...(dispute.invNo
      ? [
          {
            key: 'invNo',
            label: t('fields.invNo'),
            value: (
              <Anchor component={Link} to={`/detail/O/${encodeURIComponent(dispute.invNo)}`} size="sm">
                {dispute.invNo}
              </Anchor>
            ),
          },
        ]
      : []),
    ...(dispute.originalAmount !== null
      ? [{ key: 'originalAmount', label: t('fields.originalAmount'), value: money(dispute.originalAmount) }]
      : []),
    ...(dispute.disputedAmount !== null
      ? [{ key: 'disputedAmount', label: t('fields.disputedAmount'), value: money(dispute.disputedAmount) }]
      : []),
    { key: 'description', label: t('fields.description'), value: dispute.description || '—' },
    {
      key: 'createdOn',
      label: t('fields.createdOn'),
      value: t('detail.openedBy', { name: dispute.createdBy, when: formatters.dateTime(dispute.createdOn) }),
    },
  ];

  return (
    <Stack gap="md" data-testid="dispute-detail">
      {back}
      <Group gap="sm" align="center">
        <Title order={1} size="h2" data-testid="dispute-title">
          {dispute.custDispute
            ? t('detail.customerTitle', { probNo: dispute.probNo })
            : t('detail.title', { probNo: dispute.probNo, invNo: dispute.invNo })}
        </Title>
        <Badge variant="light" data-testid="dispute-status" data-code={status}>
          {t(`status.${status}`)}
        </Badge>
      </Group>
      <Paper withBorder p="md" radius="md">
        <DataList orientation={narrow ? 'vertical' : 'horizontal'} labelWidth={170} withDivider>
          {facts.map((fact) => (
            <DataList.Item key={fact.key}>
              <DataList.ItemLabel>{fact.label}</DataList.ItemLabel>
              <DataList.ItemValue data-testid={`dispute-field-${fact.key}`}>{fact.value}</DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList>
      </Paper>
      {dispute.disputedItems.length > 0 ? (
        <Stack gap="xs">
          <Title order={2} size="h5">
            {t('detail.lines')}
          </Title>
          <Table.ScrollContainer minWidth={560} type="native">
            <Table striped withTableBorder fz="sm" data-testid="dispute-lines">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('lines.item')}</Table.Th>
                  <Table.Th>{t('lines.description')}</Table.Th>
                  <Table.Th ta="right">{t('lines.qtyShip')}</Table.Th>
                  <Table.Th ta="right">{t('lines.price')}</Table.Th>
                  <Table.Th ta="right">{t('lines.count')}</Table.Th>
                  <Table.Th ta="right">{t('lines.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {dispute.disputedItems.map((line) => (
                  <Table.Tr key={line.lineItemId}>
                    <Table.Td>{line.item}</Table.Td>
                    <Table.Td>{line.description}</Table.Td>
                    <Table.Td ta="right">{formatters.n2(line.qtyShip)}</Table.Td>
                    <Table.Td ta="right">{money(line.price)}</Table.Td>
                    <Table.Td ta="right">{formatters.n2(line.disputedCount)}</Table.Td>
                    <Table.Td ta="right">{money(line.disputedAmt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DisputeNotes dispute={dispute} />
        <DisputeAttachments dispute={dispute} uploader={uploader} />
      </SimpleGrid>
      {dispute.canUpdate ? null : (
        <Text size="xs" c="dimmed" data-testid="dispute-read-only">
          {t('detail.readOnly')}
        </Text>
      )}
    </Stack>
  );
}
