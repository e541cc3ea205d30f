import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  changeStructure,
  DASHBOARD_STRUCTURE_NAMES,
  isDefaultDashboardTitle,
  type TDashboard,
  type TDashboardStructure,
  type TWidget,
  type TWidgetType,
  WIDGET_TYPES,
} from '@settle/shared/dashboard';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useDashboard } from '../api/get-dashboard';
import { useSaveDashboard } from '../api/save-dashboard';
import {
  addWidget,
  canMove,
  type MoveDirection,
  moveWidget,
  moveWidgetToColumn,
  removeWidget,
  updateWidget,
} from '../lib/dashboard-model';
import { refetchIntervalOf, type WidgetRegistry } from '../lib/widget-registry';
import { WidgetFrame } from './widget-frame';
import { WidgetSettingsModal } from './widget-settings-modal';
import { WidgetState } from './widget-state';

const OPPOSITE: Record<MoveDirection, MoveDirection> = {
  up: 'down',
  down: 'up',
  left: 'right',
  right: 'left',
};

/**
 * The user's dashboard: rows of columns of widgets in one of the six layouts. "Arrange"
 * opens a draft the user changes (layout, title, add, move, edit, remove) and saves or drops.
 */
export function DashboardBoard({ registry }: { registry: WidgetRegistry }) {
  const dashboard = useDashboard();
  return (
    <WidgetState query={dashboard} isEmpty={() => false} emptyText="" testId="dashboard">
      {(saved) => <Board saved={saved} registry={registry} />}
    </WidgetState>
  );
}

function Board({ saved, registry }: { saved: TDashboard; registry: WidgetRegistry }) {
  const { t } = useTranslation(['dashboard', 'errors']);
  const save = useSaveDashboard();
  const [draft, setDraft] = useState<TDashboard | null>(null);
  const [adding, setAdding] = useState<TWidgetType | null>(null);
  const [settingsOf, setSettingsOf] = useState<TWidget | null>(null);
  const [status, setStatus] = useState('');
  const focusAfterMove = useRef<{ id: string; direction: MoveDirection } | null>(null);
  const editing = draft !== null;
  const shown = draft ?? saved;
  // The default title follows the interface's language; a title the user typed is theirs as is.
  const localTitle = (title: string) =>
    isDefaultDashboardTitle(title) ? t('dashboard:defaultTitle') : title;

  const titleOf = (widget: TWidget) =>
    widget.title ||
    (registry[widget.type] ? t(`dashboard:widgets.${registry[widget.type]?.titleKey}`) : widget.type);

  useEffect(() => {
    const pending = focusAfterMove.current;
    if (!pending) return;
    focusAfterMove.current = null;
    const frame = document.querySelector<HTMLElement>(`[data-testid="widget-${CSS.escape(pending.id)}"]`);
    // The same direction again if it can go on, else back where it came from, else any button.
    const candidates = [pending.direction, OPPOSITE[pending.direction]].map((direction) =>
      frame?.querySelector<HTMLButtonElement>(`[data-testid="widget-move-${direction}"]:not([disabled])`),
    );
    (candidates.find(Boolean) ?? frame?.querySelector<HTMLButtonElement>('button:not([disabled])'))?.focus();
  });

  const move = (widget: TWidget, direction: MoveDirection) => {
    if (!draft) return;
    focusAfterMove.current = { id: widget.id, direction };
    setDraft(moveWidget(draft, widget.id, direction));
    setStatus(t(`dashboard:edit.moved.${direction}`, { title: titleOf(widget) }));
  };

  const onSave = () => {
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        notifications.show({ color: 'teal', message: t('dashboard:edit.saved') });
      },
      onError: (error) => {
        if (!isSessionEndingError(error)) {
          notifications.show({
            color: 'red',
            title: t('dashboard:edit.saveFailed'),
            message: translateApiError(t, error),
          });
        }
      },
    });
  };

  const offered = WIDGET_TYPES.filter((type) => registry[type]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        {editing ? (
          <TextInput
            label={t('dashboard:edit.title')}
            value={shown.title}
            maxLength={80}
            onChange={(event) => setDraft({ ...shown, title: event.currentTarget.value })}
            error={shown.title.trim() === '' ? t('dashboard:edit.titleRequired') : undefined}
            data-testid="dashboard-title-input"
          />
        ) : (
          <Title order={2} size="h3" data-testid="dashboard-title">
            {localTitle(shown.title)}
          </Title>
        )}
        {editing ? (
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => setDraft(null)}
              disabled={save.isPending}
              data-testid="dashboard-cancel"
            >
              {t('dashboard:edit.cancel')}
            </Button>
            <Button
              onClick={onSave}
              loading={save.isPending}
              disabled={shown.title.trim() === ''}
              data-testid="dashboard-save"
            >
              {t('dashboard:edit.save')}
            </Button>
          </Group>
        ) : (
          <Button
            variant="default"
            onClick={() => setDraft({ ...saved, title: localTitle(saved.title) })}
            data-testid="dashboard-arrange"
          >
            {t('dashboard:edit.arrange')}
          </Button>
        )}
      </Group>

      {editing ? (
        <Group align="flex-end" gap="md" wrap="wrap" data-testid="dashboard-toolbar">
          <Select
            label={t('dashboard:edit.layout')}
            data={DASHBOARD_STRUCTURE_NAMES.map((name) => ({
              value: name,
              label: t(`dashboard:layouts.${name}`),
            }))}
            value={shown.structure}
            allowDeselect={false}
            onChange={(value) => value && setDraft(changeStructure(shown, value as TDashboardStructure))}
            data-testid="dashboard-layout"
            w={260}
          />
          <Group gap="xs" align="flex-end">
            <Select
              label={t('dashboard:edit.addWidget')}
              placeholder={t('dashboard:edit.choose')}
              data={offered.map((type) => ({
                value: type,
                label: t(`dashboard:widgets.${registry[type]?.titleKey}`),
              }))}
              value={adding}
              onChange={(value) => setAdding(value as TWidgetType | null)}
              data-testid="dashboard-add-type"
              w={240}
            />
            <Button
              variant="light"
              disabled={!adding}
              onClick={() => {
                if (!adding) return;
                setDraft(addWidget(shown, adding));
                setStatus(
                  t('dashboard:edit.added', { title: t(`dashboard:widgets.${registry[adding]?.titleKey}`) }),
                );
                setAdding(null);
              }}
              data-testid="dashboard-add"
            >
              {t('dashboard:edit.add')}
            </Button>
          </Group>
        </Group>
      ) : null}

      {shown.rows.map((row, rowIndex) => (
        // Rows have no identity but their place in the layout.
        // biome-ignore lint/suspicious/noArrayIndexKey: positional layout rows
        <Grid key={rowIndex} gap="md" data-testid={`dashboard-row-${rowIndex}`}>
          {row.columns.map((column, columnIndex) => (
            <Grid.Col
              // biome-ignore lint/suspicious/noArrayIndexKey: positional layout columns
              key={columnIndex}
              span={{ base: 12, md: column.width }}
              data-testid={`dashboard-column-${rowIndex}-${columnIndex}`}
              data-width={column.width}
              onDragOver={editing ? (event) => event.preventDefault() : undefined}
              onDrop={
                editing
                  ? (event) => {
                      event.preventDefault();
                      const id = event.dataTransfer.getData('text/plain');
                      if (id) setDraft(moveWidgetToColumn(shown, id, { row: rowIndex, column: columnIndex }));
                    }
                  : undefined
              }
            >
              <Stack gap="md">
                {column.widgets.map((widget) => {
                  const definition = registry[widget.type];
                  const title = titleOf(widget);
                  return (
                    <WidgetFrame
                      key={widget.id}
                      widget={widget}
                      title={title}
                      editing={editing}
                      canMove={(direction) => canMove(shown, widget.id, direction)}
                      onMove={(direction) => move(widget, direction)}
                      onEdit={() => setSettingsOf(widget)}
                      onRemove={() => {
                        setDraft(removeWidget(shown, widget.id));
                        setStatus(t('dashboard:edit.removed', { title }));
                      }}
                    >
                      {definition ? (
                        <definition.Component widget={widget} refetchInterval={refetchIntervalOf(widget)} />
                      ) : (
                        <Alert color="gray">{t('dashboard:unknownWidget')}</Alert>
                      )}
                    </WidgetFrame>
                  );
                })}
                {editing && column.widgets.length === 0 ? (
                  <Box p="lg" bd="1px dashed var(--mantine-color-default-border)" style={{ borderRadius: 8 }}>
                    <Text size="sm" c="dimmed" ta="center">
                      {t('dashboard:edit.emptyColumn')}
                    </Text>
                  </Box>
                ) : null}
              </Stack>
            </Grid.Col>
          ))}
        </Grid>
      ))}

      <VisuallyHidden role="status" aria-live="polite" data-testid="dashboard-status">
        {status}
      </VisuallyHidden>
      <WidgetSettingsModal
        widget={settingsOf}
        defaultTitle={settingsOf ? titleOf({ ...settingsOf, title: '' }) : ''}
        onClose={() => setSettingsOf(null)}
        onSave={(changes) => {
          if (settingsOf && draft) setDraft(updateWidget(draft, settingsOf.id, changes));
          setSettingsOf(null);
        }}
      />
    </Stack>
  );
}
