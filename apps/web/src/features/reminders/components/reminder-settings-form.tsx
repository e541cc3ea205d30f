import { Alert, Button, Checkbox, Skeleton, Stack, Text } from '@mantine/core';
import type { TReminderSettings } from '@settle/shared/reminders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useReminderSettings, useSaveReminderSettings } from '../api/reminder-settings';

const CHOICES = ['dueIn7Days', 'dueIn1Day', 'overdue'] as const;

/** The profile's reminders: 7 days and 1 day before the due date, once overdue; one email a day. */
export function ReminderSettingsForm() {
  const { t } = useTranslation(['reminders', 'errors']);
  const settings = useReminderSettings();
  if (settings.isPending) {
    return (
      <Stack aria-busy="true" data-testid="reminders-loading">
        <Skeleton height={24} />
        <Skeleton height={24} />
      </Stack>
    );
  }
  if (settings.isError) {
    return (
      <Alert color="red" title={t('reminders:loadFailed')} data-testid="reminders-error">
        {isSessionEndingError(settings.error) ? null : translateApiError(t, settings.error)}
      </Alert>
    );
  }
  return <ReminderChoices saved={settings.data} />;
}

function ReminderChoices({ saved }: { saved: TReminderSettings }) {
  const { t } = useTranslation(['reminders', 'errors']);
  const [draft, setDraft] = useState(saved);
  const save = useSaveReminderSettings();
  const changed = CHOICES.some((choice) => draft[choice] !== saved[choice]);
  return (
    <Stack gap="sm" data-testid="reminders-form">
      <Text size="sm">{t('reminders:intro')}</Text>
      <Checkbox.Group
        label={t('reminders:legend')}
        value={CHOICES.filter((choice) => draft[choice])}
        onChange={(values) =>
          setDraft({
            dueIn7Days: values.includes('dueIn7Days'),
            dueIn1Day: values.includes('dueIn1Day'),
            overdue: values.includes('overdue'),
          })
        }
      >
        <Stack gap="xs" mt="xs">
          {CHOICES.map((choice) => (
            <Checkbox
              key={choice}
              value={choice}
              label={t(`reminders:choices.${choice}`)}
              data-testid={`reminders-${choice}`}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {save.isError ? <Alert color="red">{translateApiError(t, save.error)}</Alert> : null}
      {save.isSuccess && !changed ? (
        <Text size="sm" c="teal.9" role="status" data-testid="reminders-saved">
          {t('reminders:saved')}
        </Text>
      ) : null}
      <div>
        <Button
          onClick={() => save.mutate(draft)}
          loading={save.isPending}
          disabled={!changed}
          data-testid="reminders-save"
        >
          {t('reminders:save')}
        </Button>
      </div>
    </Stack>
  );
}
