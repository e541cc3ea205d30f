import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { DASHBOARD_LIMITS, REFRESH_INTERVALS, type TWidget } from '@settle/shared/dashboard';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A widget's own title (empty: its kind's name) and its auto-refresh. */
export function WidgetSettingsModal(props: {
  widget: TWidget | null;
  defaultTitle: string;
  onClose: () => void;
  onSave: (changes: { title: string; refreshInterval: number }) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [title, setTitle] = useState('');
  const [refresh, setRefresh] = useState('0');
  useEffect(() => {
    setTitle(props.widget?.title ?? '');
    setRefresh(String(props.widget?.refreshInterval ?? 0));
  }, [props.widget]);
  return (
    <Modal
      opened={props.widget !== null}
      onClose={props.onClose}
      title={t('settings.heading', { title: props.defaultTitle })}
      data-testid="widget-settings"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          props.onSave({ title: title.trim(), refreshInterval: Number(refresh) });
        }}
      >
        <Stack>
          <TextInput
            label={t('settings.title')}
            description={t('settings.titleHint', { title: props.defaultTitle })}
            value={title}
            maxLength={DASHBOARD_LIMITS.titleLength}
            onChange={(event) => setTitle(event.currentTarget.value)}
            data-testid="widget-settings-title"
          />
          <Select
            label={t('settings.refresh')}
            data={REFRESH_INTERVALS.map((minutes) => ({
              value: String(minutes),
              label:
                minutes === 0 ? t('settings.refreshOff') : t('settings.refreshEvery', { count: minutes }),
            }))}
            value={refresh}
            allowDeselect={false}
            onChange={(value) => setRefresh(value ?? '0')}
            data-testid="widget-settings-refresh"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('edit.cancel')}
            </Button>
            <Button type="submit" data-testid="widget-settings-apply">
              {t('settings.apply')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
