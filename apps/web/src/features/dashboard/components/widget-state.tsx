import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';

/**
 * A widget's own loading, failed and empty states: a failure stays in its widget, with a
 * retry, and the rest of the dashboard goes on working.
 */
export function WidgetState<T>(props: {
  query: {
    data: T | undefined;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  isEmpty: (data: T) => boolean;
  emptyText: string;
  testId: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation(['dashboard', 'errors']);
  if (props.query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" data-testid={`${props.testId}-loading`}>
        <Text size="sm" c="dimmed">
          {t('dashboard:loading')}
        </Text>
        <Skeleton height={14} />
        <Skeleton height={14} width="70%" />
      </Stack>
    );
  }
  const data = props.query.data;
  if (props.query.isError || data === undefined) {
    return (
      <Alert color="red" title={t('dashboard:loadFailed')} data-testid={`${props.testId}-error`}>
        <Stack gap="xs" align="flex-start">
          {isSessionEndingError(props.query.error) ? null : (
            <Text size="sm">{translateApiError(t, props.query.error)}</Text>
          )}
          <Button size="xs" variant="default" onClick={() => void props.query.refetch()}>
            {t('dashboard:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (props.isEmpty(data)) {
    return (
      <Text size="sm" c="dimmed" data-testid={`${props.testId}-empty`}>
        {props.emptyText}
      </Text>
    );
  }
  return <>{props.children(data)}</>;
}
