import { ActionIcon, Group, Paper, Stack, Title, Tooltip } from '@mantine/core';
import type { TWidget } from '@settle/shared/dashboard';
import type { DragEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MoveDirection } from '../lib/dashboard-model';
import { ArrowIcon, CloseIcon, GearIcon } from './dashboard-icons';

const DIRECTIONS: MoveDirection[] = ['up', 'down', 'left', 'right'];

/**
 * A widget's box: its title, and in edit mode the buttons that move it (so the keyboard can
 * arrange the board, not only the mouse), edit and remove it. Dragging is the mouse's shortcut.
 */
export function WidgetFrame(props: {
  widget: TWidget;
  title: string;
  editing: boolean;
  canMove: (direction: MoveDirection) => boolean;
  onMove: (direction: MoveDirection) => void;
  onEdit: () => void;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const onDragStart = (event: DragEvent) => {
    event.dataTransfer.setData('text/plain', props.widget.id);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={props.title}
      data-testid={`widget-${props.widget.id}`}
      data-widget-type={props.widget.type}
      draggable={props.editing}
      onDragStart={props.editing ? onDragStart : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Title order={2} size="h5">
            {props.title}
          </Title>
          {props.editing ? (
            <Group gap={2} wrap="nowrap">
              {DIRECTIONS.map((direction) => (
                <Tooltip key={direction} label={t(`edit.move.${direction}`, { title: props.title })}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t(`edit.move.${direction}`, { title: props.title })}
                    disabled={!props.canMove(direction)}
                    onClick={() => props.onMove(direction)}
                    data-testid={`widget-move-${direction}`}
                  >
                    <ArrowIcon direction={direction} />
                  </ActionIcon>
                </Tooltip>
              ))}
              <Tooltip label={t('edit.widgetSettings', { title: props.title })}>
                <ActionIcon
                  variant="subtle"
                  size="sm"
                  aria-label={t('edit.widgetSettings', { title: props.title })}
                  onClick={props.onEdit}
                  data-testid="widget-edit"
                >
                  <GearIcon />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={t('edit.remove', { title: props.title })}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="sm"
                  aria-label={t('edit.remove', { title: props.title })}
                  onClick={props.onRemove}
                  data-testid="widget-remove"
                >
                  <CloseIcon />
                </ActionIcon>
              </Tooltip>
            </Group>
          ) : null}
        </Group>
        {props.children}
      </Stack>
    </Paper>
  );
}
