import { ActionIcon, Alert, Button, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import '@mantine/dropzone/styles.css';
import { DEFAULT_UPLOAD_MAX_FILE_MB, MAX_UPLOAD_QUEUE, UPLOAD_MESSAGES } from '@settle/shared/rules/uploads';
import type { TUploadedFile } from '@settle/shared/uploads';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { translateCatalogueMessage } from '../../../lib/catalogue-message';
import { useFormatters } from '../../../lib/use-formatters';
import { useFileMetaData } from '../api/get-file-meta-data';
import { type QueueItem, useUploadQueue } from './use-upload-queue';

export interface UploadQueueProps {
  /** The files the server took in one press of Upload. */
  onUploaded: (files: TUploadedFile[]) => void;
  /** True while files wait in the queue or are being sent: a form should not be saved without them. */
  onPendingChange?: (pending: boolean) => void;
}

/** Choose or drop files, see each one's check and progress, and send them to {api}/upload/file. */
export function UploadQueue(props: UploadQueueProps) {
  const metaData = useFileMetaData();
  if (metaData.isPending) return <Loader size="sm" />;
  return <UploadQueueView {...props} maxFileMb={metaData.data?.maxFileSize ?? DEFAULT_UPLOAD_MAX_FILE_MB} />;
}

function UploadQueueView({
  onUploaded,
  onPendingChange,
  maxFileMb,
}: UploadQueueProps & { maxFileMb: number }) {
  const { t } = useTranslation('uploads');
  const { n0 } = useFormatters();
  const queue = useUploadQueue(maxFileMb);
  const openRef = useRef<() => void>(null);
  const pending =
    queue.uploading || queue.items.some((item) => item.status === 'pending' || item.status === 'failed');

  useEffect(() => {
    onPendingChange?.(pending);
  }, [pending, onPendingChange]);

  const message = (text: string) => translateCatalogueMessage(t, UPLOAD_MESSAGES, text, 'messages');
  const upload = async () => {
    const files = await queue.uploadPending();
    if (files.length > 0) onUploaded(files);
  };

  return (
    <Stack gap="xs" data-testid="upload-queue">
      <Dropzone
        openRef={openRef}
        onDrop={queue.add}
        multiple
        activateOnClick={false}
        disabled={queue.uploading}
        inputProps={{ 'data-testid': 'upload-input', 'aria-label': t('choose') } as Record<string, string>}
        p="md"
      >
        <Stack gap={4} align="center">
          <Text size="sm">{t('dropHere')}</Text>
          <Text size="xs" c="dimmed">
            {t('limits', { count: MAX_UPLOAD_QUEUE, size: n0(maxFileMb) })}
          </Text>
          <Button size="xs" variant="light" onClick={() => openRef.current?.()} disabled={queue.uploading}>
            {t('choose')}
          </Button>
        </Stack>
      </Dropzone>
      {queue.queueError ? (
        <Alert color="yellow" role="alert" data-testid="upload-queue-error" p="xs">
          {message(queue.queueError)}
        </Alert>
      ) : null}
      {queue.items.length > 0 ? (
        <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {queue.items.map((item, index) => (
            <QueueRow
              key={item.key}
              item={item}
              index={index}
              message={message}
              onRemove={() => queue.remove(item.key)}
            />
          ))}
        </Stack>
      ) : null}
      <Group justify="flex-end">
        <Button size="sm" onClick={() => void upload()} loading={queue.uploading} data-testid="upload-start">
          {t('upload')}
        </Button>
      </Group>
    </Stack>
  );
}

function QueueRow(props: {
  item: QueueItem;
  index: number;
  message: (text: string) => string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('uploads');
  const { item, index } = props;
  const failed = item.status === 'invalid' || item.status === 'failed';
  return (
    <li data-testid={`upload-item-${index}`} data-status={item.status}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" truncate="end" style={{ minWidth: 0 }}>
          {item.file.name}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="xs" c={failed ? 'red.7' : 'dimmed'}>
            {t(`status.${item.status}`)}
          </Text>
          {item.status !== 'uploading' && item.status !== 'done' ? (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t('remove', { name: item.file.name })}
              onClick={props.onRemove}
              data-testid={`upload-remove-${index}`}
            >
              ×
            </ActionIcon>
          ) : null}
        </Group>
      </Group>
      {item.status === 'uploading' || item.status === 'done' ? (
        <Progress
          value={item.progress}
          size="sm"
          mt={4}
          color={item.status === 'done' ? 'teal' : 'blue'}
          aria-label={t('progress', { name: item.file.name })}
          data-testid={`upload-progress-${index}`}
        />
      ) : null}
      {item.error ? (
        <Text size="xs" c="red.7" data-testid={`upload-error-${index}`}>
          {props.message(item.error)}
        </Text>
      ) : null}
    </li>
  );
}
