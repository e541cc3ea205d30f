import { Anchor, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** How long the page shows before it closes its window (long enough to be read by a screen reader). */
const CLOSE_AFTER_MS = 1500;

/**
 * /paymentDone: where the provider sends its window back after the payment. The portal page
 * that opened the window learns the outcome by its own polling and closes the window; this
 * page says so and closes itself too, in case that close was lost during the navigation.
 * Opened in a tab of its own (no opener), it offers the way back instead.
 */
export function PaymentDoneRoute() {
  const { t } = useTranslation('payments');
  const opened = typeof window !== 'undefined' && window.opener !== null;
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => window.close(), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [opened]);
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder p="xl" radius="md" maw={480}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t('done.title')}
          </Title>
          <Text role="status">{opened ? t('done.closing') : t('done.standalone')}</Text>
          {opened ? null : (
            <Anchor component={Link} to="/paymentCart">
              {t('done.back')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
