import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GridColumn } from './column-layout';
import { ChevronLeftIcon, ChevronRightIcon, ColumnsIcon } from './grid-icons';

export interface ColumnsMenuProps {
  /** The columns the user may see, in the current order. */
  columns: GridColumn[];
  columnTitle: (column: GridColumn) => string;
  onToggle: (field: string, visible: boolean) => void;
  onMove: (field: string, delta: -1 | 1) => void;
  onReset: () => void;
  resetting: boolean;
}

/** Show or hide columns, move the shown ones left or right, or go back to the defaults. */
export function ColumnsMenu(props: ColumnsMenuProps) {
  const { t } = useTranslation('grid');
  const shown = props.columns.filter((column) => column.visible);
  const firstShown = shown[0]?.field;
  const lastShown = shown[shown.length - 1]?.field;

  return (
    <Popover position="bottom-end" shadow="md" width={320} trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          size="xs"
          leftSection={<ColumnsIcon size={16} />}
          data-testid="columns-menu"
        >
          {t('columnsMenu.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="columns-panel">
        <Text size="sm" fw={600} mb="xs">
          {t('columnsMenu.heading')}
        </Text>
        <ScrollArea.Autosize mah={360} type="auto">
          <Stack gap={4}>
            {props.columns.map((column) => {
              const title = props.columnTitle(column);
              // Keep one column: a grid without columns has nothing to show.
              const lastOne = column.visible && shown.length === 1;
              return (
                <Group key={column.field} justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    label={title}
                    checked={column.visible}
                    disabled={lastOne}
                    onChange={(event) => props.onToggle(column.field, event.currentTarget.checked)}
                    data-testid={`column-toggle-${column.field}`}
                    size="sm"
                  />
                  {column.visible ? (
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={t('columnsMenu.moveLeft', { column: title })}
                        disabled={column.field === firstShown}
                        onClick={() => props.onMove(column.field, -1)}
                        data-testid={`column-left-${column.field}`}
                      >
                        <ChevronLeftIcon size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={t('columnsMenu.moveRight', { column: title })}
                        disabled={column.field === lastShown}
                        onClick={() => props.onMove(column.field, 1)}
                        data-testid={`column-right-${column.field}`}
                      >
                        <ChevronRightIcon size={16} />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        <Divider my="xs" />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {t('columnsMenu.saved')}
          </Text>
          <Button
            variant="subtle"
            size="xs"
            onClick={props.onReset}
            loading={props.resetting}
            data-testid="columns-reset"
          >
            {t('columnsMenu.reset')}
          </Button>
        </Group>
      </Popover.Dropdown>
    </Popover>
  );
}
