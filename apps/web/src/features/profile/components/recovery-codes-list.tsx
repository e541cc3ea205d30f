import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Recovery codes just made: shown this once (only their hashes are kept). */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation('security');
  return (
    <Alert color="yellow" title={t('recovery.shownOnce')} data-testid="recovery-codes">
      <Text size="sm" mb="xs">
        {t('recovery.keepThem')}
      </Text>
      <List spacing={2} ff="monospace" size="sm">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
