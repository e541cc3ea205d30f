import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { resolveHelpLanguage, type THelpLanguage } from '@settle/shared/help';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { helpUrl } from '../../../lib/help-window';
import { getAppName } from '../../../lib/public-config';
import { useHelpTopic } from '../api/get-help-topic';
import { HelpArticle } from '../components/help-article';
import { HelpTopicNav } from '../components/help-topic-nav';

/** Language names are written in their own language so that anyone can find theirs. */
const LANGUAGE_OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
];

/**
 * /help/:topic?lang=xx, the page the Help button opens in a separate window: no navigation
 * bar, the topic index beside the text. The language comes from the address (English when it
 * names no help set), not from the portal's, so that a link always shows the same help.
 */
export function HelpRoute() {
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const topic = params.topic || 'index';
  const language = resolveHelpLanguage(searchParams.get('lang'));
  const { t } = useTranslation('help', { lng: language });
  const help = useHelpTopic({ topic, language });

  useDocumentLanguage(language);
  useEffect(() => {
    const appName = getAppName();
    document.title = help.data ? `${help.data.title} · ${appName}` : `${t('title')} · ${appName}`;
  }, [help.data, t]);

  const changeLanguage = (value: string) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('lang', resolveHelpLanguage(value));
        return next;
      },
      { replace: true },
    );

  return (
    <Box mih="100vh" bg="var(--settle-page-background)">
      <Container size="lg" py="md">
        <Group justify="space-between" align="center" mb="md" wrap="wrap">
          <Group gap="xs" align="baseline">
            <Text fw={700} size="xl" data-testid="app-name">
              {getAppName()}
            </Text>
            <Text size="lg" c="dimmed" data-testid="help-heading">
              {t('title')}
            </Text>
          </Group>
          <SegmentedControl
            size="xs"
            aria-label={t('language')}
            data={LANGUAGE_OPTIONS}
            value={language}
            onChange={changeLanguage}
            data-testid="help-language"
          />
        </Group>
        <Grid gap="md">
          {/* A failed topic has no index to show: its message links to one instead. */}
          {help.isError ? null : (
            <Grid.Col span={{ base: 12, sm: 4, md: 3 }}>
              {/* The index stays in view while a long topic scrolls. */}
              <Paper withBorder radius="md" p={4} pos="sticky" top="var(--mantine-spacing-md)">
                {help.data ? (
                  <HelpTopicNav
                    topics={help.data.topics}
                    current={help.data.topic}
                    language={language}
                    label={t('topics')}
                  />
                ) : (
                  <Stack gap={6} p="xs" aria-hidden="true" data-testid="help-topics-loading">
                    <Skeleton height={14} />
                    <Skeleton height={14} />
                    <Skeleton height={14} />
                  </Stack>
                )}
              </Paper>
            </Grid.Col>
          )}
          <Grid.Col span={help.isError ? 12 : { base: 12, sm: 8, md: 9 }}>
            <Paper withBorder radius="md" p="lg">
              {help.isPending ? (
                <Stack data-testid="help-loading" aria-busy="true" aria-label={t('loading')}>
                  <Skeleton height={28} width="50%" />
                  <Skeleton height={16} />
                  <Skeleton height={120} />
                </Stack>
              ) : help.isError ? (
                <HelpError error={help.error} language={language} t={t} onRetry={() => void help.refetch()} />
              ) : (
                <HelpArticle topic={help.data} tipLabel={t('tip')} />
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

/** Screen readers pronounce the help in its own language, whatever the portal's. */
function useDocumentLanguage(language: THelpLanguage) {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.lang;
    root.lang = language;
    return () => {
      root.lang = previous;
    };
  }, [language]);
}

function HelpError(props: { error: Error; language: THelpLanguage; t: TFunction; onRetry: () => void }) {
  const { error, language, t } = props;
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 401) {
    return (
      <Alert color="yellow" title={t('signInRequired.title')} data-testid="help-sign-in-required">
        <Stack gap="xs">
          <Text size="sm">{t('signInRequired.message')}</Text>
          <Group gap="lg">
            <Anchor component={Link} to="/login" size="sm">
              {t('signInRequired.signIn')}
            </Anchor>
            <Anchor component={Link} to={helpUrl('sign-in', language)} size="sm">
              {t('signInRequired.signInHelp')}
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }
  if (status === 404) {
    return (
      <Alert color="gray" title={t('notFound.title')} data-testid="help-not-found">
        <Stack gap="xs">
          <Text size="sm">{t('notFound.message')}</Text>
          <Anchor component={Link} to={helpUrl('index', language)} size="sm">
            {t('notFound.link')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="red" title={t('loadFailed')} data-testid="help-error">
      <Button size="xs" variant="default" onClick={props.onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
