import { Alert, Container, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useUserProfile } from '../api/get-user-profile';
import { ProfileGeneralForm } from '../components/profile-general-form';
import { SecurityPanel } from '../components/security-panel';

/**
 * /profile, the full-name link of the header: the general tab, and the saved cards and bank
 * accounts tabs, filled by the app with the payment-profiles feature (a feature does not import another).
 */
export function ProfileRoute({
  cardsTab,
  banksTab,
  remindersTab,
  autopayTab,
}: {
  cardsTab?: ReactNode;
  banksTab?: ReactNode;
  remindersTab?: ReactNode;
  autopayTab?: ReactNode;
} = {}) {
  const { t } = useTranslation(['profile', 'errors']);
  // The reminder emails link to ?tab=reminders.
  const [searchParams] = useSearchParams();
  const tabs = [
    'general',
    'cards',
    'banks',
    ...(remindersTab ? ['reminders'] : []),
    ...(autopayTab ? ['autopay'] : []),
    'security',
  ];
  // /profile#security (the sign-in's links) and ?tab= (the reminder emails) open a tab.
  const asked = searchParams.get('tab') ?? (window.location.hash === '#security' ? 'security' : null);
  const initialTab = tabs.find((tab) => tab === asked) ?? 'general';
  const profile = useUserProfile();
  return (
    <Container size="lg">
      <Stack>
        <Title order={1} size="h2" data-page-title={t('profile:title')}>
          {t('profile:title')}
        </Title>
        <Tabs defaultValue={initialTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="general" data-testid="profile-tab-general">
              {t('profile:tabs.general')}
            </Tabs.Tab>
            <Tabs.Tab value="cards" data-testid="profile-tab-cards">
              {t('profile:tabs.cards')}
            </Tabs.Tab>
            <Tabs.Tab value="banks" data-testid="profile-tab-banks">
              {t('profile:tabs.banks')}
            </Tabs.Tab>
            {remindersTab ? (
              <Tabs.Tab value="reminders" data-testid="profile-tab-reminders">
                {t('profile:tabs.reminders')}
              </Tabs.Tab>
            ) : null}
            {autopayTab ? (
              <Tabs.Tab value="autopay" data-testid="profile-tab-autopay">
                {t('profile:tabs.autopay')}
              </Tabs.Tab>
            ) : null}
            <Tabs.Tab value="security" data-testid="profile-tab-security">
              {t('profile:tabs.security')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="general" pt="md">
            {profile.isPending ? (
              <Stack aria-busy="true" data-testid="profile-loading">
                <Skeleton height={36} />
                <Skeleton height={36} />
                <Skeleton height={36} />
              </Stack>
            ) : profile.isError ? (
              <Alert color="red" title={t('profile:loadFailed')} data-testid="profile-load-error">
                {isSessionEndingError(profile.error) ? null : translateApiError(t, profile.error)}
              </Alert>
            ) : (
              <ProfileGeneralForm profile={profile.data} key={profile.dataUpdatedAt} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="cards" pt="md">
            {cardsTab ?? <Text data-testid="profile-cards-pending">{t('profile:comingWithProfiles')}</Text>}
          </Tabs.Panel>
          <Tabs.Panel value="banks" pt="md">
            {banksTab ?? <Text data-testid="profile-banks-pending">{t('profile:comingWithProfiles')}</Text>}
          </Tabs.Panel>
          {remindersTab ? (
            <Tabs.Panel value="reminders" pt="md">
              {remindersTab}
            </Tabs.Panel>
          ) : null}
          {autopayTab ? (
            <Tabs.Panel value="autopay" pt="md">
              {autopayTab}
            </Tabs.Panel>
          ) : null}
          <Tabs.Panel value="security" pt="md">
            <SecurityPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
