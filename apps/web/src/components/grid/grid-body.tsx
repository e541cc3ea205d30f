import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from './load-failed-alert';

export interface GridBodyProps {
  /** The saved columns could not be read: nothing can be drawn until they are. */
  columnsFailed: boolean;
  onRetryColumns: () => void;
  /** The columns are known (the table can be laid out). */
  ready: boolean;
  /** The page of rows failed, with the message to show (a session that ended is not a failure here). */
  rowsError: string | null;
  onRetryRows: () => void;
  retrying: boolean;
  /** The table, drawn once the columns are known and the rows did not fail. */
  children: ReactNode;
}

/**
 * What a server-paged grid shows in place of its table: one message with Retry when the columns or
 * the rows failed, a skeleton while the columns load, else the table. Every grid goes through here,
 * so they all fail and load alike.
 */
export function GridBody(props: GridBodyProps) {
  const { t } = useTranslation('grid');
  if (props.columnsFailed) {
    return (
      <LoadFailedAlert testId="grid-load-failed" title={t('loadFailed')} onRetry={props.onRetryColumns} />
    );
  }
  if (!props.ready) {
    return (
      <Stack gap={6} data-testid="grid-loading" aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
          <Skeleton key={index} height={28} />
        ))}
      </Stack>
    );
  }
  if (props.rowsError !== null) {
    return (
      <LoadFailedAlert
        testId="grid-error"
        title={t('loadFailed')}
        message={props.rowsError}
        onRetry={props.onRetryRows}
        retrying={props.retrying}
      />
    );
  }
  return <>{props.children}</>;
}
