import { Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TDispute } from '@settle/shared/disputes';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { useReasonCodes } from '../api/get-reason-codes';
import { useSetDisputeReason } from '../api/set-dispute-reason';
import { reasonLabel } from '../lib/dispute-labels';
import { translateDisputeError } from '../lib/translate-dispute-error';

/** With ALLOW_PROB the reason is a dropdown saved as it changes; otherwise read-only text. */
export function DisputeReasonField({ dispute }: { dispute: TDispute }) {
  const { t } = useTranslation(['disputes', 'errors']);
  const reasons = useReasonCodes();
  const setReason = useSetDisputeReason({ id: dispute.id, probNo: dispute.probNo });
  const list = reasons.data ?? [];
  const label = reasonLabel(t, dispute.reasonCode, list);

  if (!dispute.canUpdate || list.length === 0) {
    return (
      <Text size="sm" data-testid="dispute-reason-text">
        {label}
      </Text>
    );
  }
  const known = list.some((reason) => reason.code === dispute.reasonCode);
  return (
    <Select
      aria-label={t('disputes:fields.reason')}
      data={[
        ...(known ? [] : [{ value: dispute.reasonCode, label, disabled: true }]),
        ...list.map((reason) => ({ value: reason.code, label: reason.description })),
      ]}
      value={dispute.reasonCode}
      allowDeselect={false}
      disabled={setReason.isPending}
      onChange={(code) => {
        if (!code || code === dispute.reasonCode) return;
        setReason.mutate(code, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('disputes:reason.changed') }),
          onError: (error) => {
            if (!isSessionEndingError(error))
              notifications.show({ color: 'red', message: translateDisputeError(t, error) });
          },
        });
      }}
      size="sm"
      maw={320}
      data-testid="dispute-reason-select"
    />
  );
}
