import { Alert, Container, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isSessionEndingError, translateApiError } from '../../../lib/api-error';
import { useUserProfile } from '../api/get-user-profile';
import { ProfileGeneralForm } from '../components/profile-general-form';
import { SecurityPanel } from '../components/security-panel';

/**
 * /profile, the full-name link of the header: the general tab, and the saved cards and bank
 * accounts tabs, filled by the app with the payment-profiles feature (a feature does not import another).
 */
/** /profile#security opens the sign-in security tab (a link can point at it). */
function initialTab(): string {
  return typeof window !== 'undefined' && window.location.hash === '#security' ? 'security' : 'general';
}

export function ProfileRoute({ cardsTab, banksTab }: { cardsTab?: ReactNode; banksTab?: ReactNode } = {}) {
  const { t } = useTranslation(['profile', 'errors']);
  const profile = useUserProfile();
  return (
    <Container size="lg">
      <Stack>
        <Title order={1} size="h2" data-page-title={t('profile:title')}>
          {t('profile:title')}
        </Title>
        <Tabs defaultValue={initialTab()} keepMounted={false}>
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
          <Tabs.Panel value="security" pt="md">
            <SecurityPanel />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
