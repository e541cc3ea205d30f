import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TDispute } from '@settle/shared/disputes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { getApiBase } from '../../../lib/public-config';
import { useFormatters } from '../../../lib/use-formatters';
import { useUpdateDispute } from '../api/update-dispute';
import { translateDisputeError } from '../lib/translate-dispute-error';
import type { AttachmentUploader } from './attachment-uploader';

/** The attachments, each downloadable ({api}/dispute/attachment/{id}), and (with ALLOW_PROB) more. */
export function DisputeAttachments({
  dispute,
  uploader: Uploader,
}: {
  dispute: TDispute;
  uploader: AttachmentUploader;
}) {
  const { t } = useTranslation(['disputes', 'errors']);
  const { dateTime, n0 } = useFormatters();
  const update = useUpdateDispute(dispute.probNo);
  const [adding, setAdding] = useState(false);
  // A new queue after each attach, so that the next files start from an empty one.
  const [queueKey, setQueueKey] = useState(0);

  const attach = (uuids: string[]) =>
    update.mutate(
      { attachments: uuids },
      {
        onSuccess: () => {
          notifications.show({
            color: 'teal',
            message: t('disputes:attachments.added', { count: uuids.length }),
          });
          setQueueKey((key) => key + 1);
          setAdding(false);
        },
        onError: (error) => {
          if (!isSessionEndingError(error))
            notifications.show({ color: 'red', message: translateDisputeError(t, error) });
        },
      },
    );

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">
          {t('disputes:attachments.title')}
        </Title>
        {dispute.canUpdate && !adding ? (
          <Button
            size="xs"
            variant="light"
            onClick={() => setAdding(true)}
            data-testid="dispute-add-attachments"
          >
            {t('disputes:attachments.addMore')}
          </Button>
        ) : null}
      </Group>
      <Stack gap="sm">
        {dispute.disputeAttachmentList.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('disputes:attachments.none')}
          </Text>
        ) : (
          <Stack
            gap={6}
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="dispute-attachments"
          >
            {dispute.disputeAttachmentList.map((attachment) => (
              <li key={attachment.id}>
                <Anchor
                  href={`${getApiBase()}/dispute/attachment/${attachment.id}`}
                  download={attachment.fileName}
                  size="sm"
                  data-testid={`dispute-attachment-${attachment.id}`}
                >
                  {attachment.fileName}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {t('disputes:attachments.by', {
                    name: attachment.creatorName,
                    when: dateTime(attachment.createdOn),
                    size: n0(Math.max(1, Math.round(attachment.size / 1024))),
                  })}
                </Text>
              </li>
            ))}
          </Stack>
        )}
        {adding ? (
          <Uploader key={queueKey} onUploaded={(files) => attach(files.map((file) => file.uuid))} />
        ) : null}
      </Stack>
    </Paper>
  );
}
