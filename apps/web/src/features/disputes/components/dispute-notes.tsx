import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DISPUTE_MESSAGES, type TDispute } from '@settle/shared/disputes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useUpdateDispute } from '../api/update-dispute';
import { translateDisputeError } from '../lib/translate-dispute-error';
import { NoteInput } from './dispute-create-form';

/** The notes, newest first, and (with ALLOW_PROB) a new one of at most 2,000 characters. */
export function DisputeNotes({ dispute }: { dispute: TDispute }) {
  const { t } = useTranslation(['disputes', 'errors']);
  const { dateTime } = useFormatters();
  const update = useUpdateDispute(dispute.probNo);
  const [note, setNote] = useState('');
  const notes = [...dispute.disputeNoteList].sort((a, b) => b.enteredOn.localeCompare(a.enteredOn));

  const add = () => {
    const text = note.trim();
    if (!text) return;
    update.mutate(
      { newNote: text },
      {
        onSuccess: () => {
          setNote('');
          notifications.show({ color: 'teal', message: t('disputes:notes.added') });
        },
        onError: (error) => {
          if (!isSessionEndingError(error))
            notifications.show({
              color: 'red',
              title: t('disputes:messages.failedUpdate', { defaultValue: DISPUTE_MESSAGES.failedUpdate }),
              message: translateDisputeError(t, error),
            });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h5" mb="sm">
        {t('disputes:notes.title')}
      </Title>
      <Stack gap="sm">
        {dispute.canUpdate ? (
          <Stack gap="xs">
            <NoteInput
              value={note}
              onChange={setNote}
              label={t('disputes:notes.add')}
              testId="dispute-new-note"
            />
            <Group justify="flex-end">
              <Button
                size="sm"
                onClick={add}
                loading={update.isPending}
                disabled={!note.trim()}
                data-testid="dispute-add-note"
              >
                {t('disputes:notes.addButton')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('disputes:notes.none')}
          </Text>
        ) : (
          <Stack
            gap="xs"
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            data-testid="dispute-notes"
          >
            {notes.map((entry) => (
              <li key={entry.id} data-testid={`dispute-note-${entry.id}`}>
                <Paper bg="gray.0" p="xs" radius="sm">
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {entry.note}
                  </Text>
                  <Text size="xs" c="dimmed" mt={4}>
                    {t('disputes:notes.by', { name: entry.enteredBy, when: dateTime(entry.enteredOn) })}
                  </Text>
                </Paper>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
