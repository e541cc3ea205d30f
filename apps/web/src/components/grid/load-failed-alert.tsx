import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One message for a failed load, with a Retry button that asks the server again. */
export function LoadFailedAlert(props: {
  title: string;
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('grid');
  return (
    <Alert color="red" title={props.title} data-testid={props.testId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        {props.message ? <Text size="sm">{props.message}</Text> : null}
        <Button size="xs" variant="white" color="red" onClick={props.onRetry} loading={props.retrying}>
          {t('retry')}
        </Button>
      </Group>
    </Alert>
  );
}
