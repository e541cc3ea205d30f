import { Badge, Button, Card, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { APPROVAL_REASON_MAX, type TPaymentApproval } from '@settle/shared/payment-approvals';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { decideApproval } from '../api/decide-approval';
import { useApprovals } from '../api/get-approvals';

const STATUS_COLOR = { PENDING: 'yellow', APPROVED: 'teal', REJECTED: 'red' } as const;

/** The approvals of the user's customers: each with its invoices; approve or reject the colleagues' ones. */
export function ApprovalsList() {
  const { t } = useTranslation('approvals');
  const approvals = useApprovals();
  if (approvals.isPending) return <Text>{t('loading')}</Text>;
  if (approvals.isError) return <Text role="alert">{translateApiError(t, approvals.error)}</Text>;
  if (approvals.data.approvals.length === 0) return <Text data-testid="approvals-none">{t('none')}</Text>;
  return (
    <Stack gap="md">
      {approvals.data.approvals.map((approval) => (
        <ApprovalCard key={approval.id} approval={approval} />
      ))}
    </Stack>
  );
}

function ApprovalCard({ approval }: { approval: TPaymentApproval }) {
  const { t } = useTranslation('approvals');
  const { c2, dateTime } = useFormatters();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (decision: { approve: true } | { approve: false; reason: string }) =>
      decideApproval(approval.id, decision),
    onSuccess: async (result) => {
      setRejecting(false);
      // An approved payment changed invoices, carts and the payment log: everything is read again.
      await queryClient.invalidateQueries();
      notifications.show({
        color: result.status === 'APPROVED' && result.paymentStatus !== 'SUCCESS' ? 'red' : 'teal',
        message:
          result.status === 'APPROVED'
            ? t('approvedResult', { status: t(`paymentStatus.${result.paymentStatus ?? 'UNKNOWN'}`) })
            : t('rejectedResult'),
      });
    },
  });
  const titleId = `approval-${approval.id}-title`;
  return (
    <Card withBorder component="section" aria-labelledby={titleId} data-testid={`approval-${approval.id}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text id={titleId} fw={600}>
            {t('cardTitle', {
              company: approval.company,
              custNo: approval.custNo,
              amount: c2(approval.amount, approval.currencyCode),
            })}
          </Text>
          <Badge color={STATUS_COLOR[approval.status]} variant="light">
            {t(`status.${approval.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('requested', { name: approval.requestedBy, when: dateTime(approval.requestedAt) })} ·{' '}
          {approval.profileLabel}
        </Text>
        {approval.decidedBy ? (
          <Text size="sm">
            {t('decided', {
              name: approval.decidedBy,
              when: approval.decidedAt ? dateTime(approval.decidedAt) : '',
            })}
            {approval.reason ? ` · ${t('reasonShown', { reason: approval.reason })}` : ''}
          </Text>
        ) : null}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('invNo')}</Table.Th>
              <Table.Th ta="right">{t('amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {approval.invoices.map((line) => (
              <Table.Tr key={line.invNo}>
                <Table.Td>{line.invNo}</Table.Td>
                <Table.Td ta="right">{c2(line.amount, approval.currencyCode)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {decide.error ? (
          <Text size="sm" c="red.9" role="alert">
            {translateApiError(t, decide.error)}
          </Text>
        ) : null}
        {approval.canDecide ? (
          <Group>
            <Button
              onClick={() => decide.mutate({ approve: true })}
              loading={decide.isPending && !rejecting}
              disabled={decide.isPending}
              data-testid="approval-approve"
            >
              {t('approve')}
            </Button>
            <Button
              variant="default"
              onClick={() => setRejecting(true)}
              disabled={decide.isPending}
              data-testid="approval-reject"
            >
              {t('reject')}
            </Button>
          </Group>
        ) : null}
      </Stack>
      <Modal opened={rejecting} onClose={() => setRejecting(false)} title={t('rejectTitle')}>
        <Stack>
          <Textarea
            label={t('reason')}
            required
            maxLength={APPROVAL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="approval-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setRejecting(false)}>
              {t('cancel')}
            </Button>
            <Button
              color="red"
              disabled={reason.trim().length === 0}
              loading={decide.isPending}
              onClick={() => decide.mutate({ approve: false, reason: reason.trim() })}
              data-testid="approval-reject-confirm"
            >
              {t('reject')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
