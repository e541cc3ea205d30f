import { Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { TDisputeRow } from '@settle/shared/disputes';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/use-formatters';

/**
 * The notes column: how many notes the grid row carries, with the latest 5 (each cut at 20
 * characters by the server) in a tooltip that opens on hover and on keyboard focus.
 */
export function DisputeNotesCell(props: { probNo: number; notes: TDisputeRow['disputeNoteList'] }) {
  const { t } = useTranslation('disputes');
  const { n0 } = useFormatters();
  if (props.notes.length === 0) return null;
  const summary = t('grid.notes', { count: props.notes.length, formatted: n0(props.notes.length) });
  return (
    <Tooltip
      multiline
      w={240}
      events={{ hover: true, focus: true, touch: true }}
      label={
        <Stack gap={2} data-testid={`dispute-notes-tooltip-${props.probNo}`}>
          {props.notes.map((note) => (
            <Text key={`${note.enteredOn}|${note.note}`} size="xs">
              {note.note}
            </Text>
          ))}
        </Stack>
      }
    >
      <UnstyledButton fz="sm" td="underline dotted" data-testid={`dispute-notes-${props.probNo}`}>
        {summary}
      </UnstyledButton>
    </Tooltip>
  );
}
