import { Button, Modal, Stack, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddBankAccountButton } from './add-bank-account-button';
import { SavedProfilesTable } from './saved-profiles-table';

/**
 * "Manage saved payment methods" from the cart and the on-account screen (spec section 2): the same
 * tables as the profile screen's tabs (list, edit alias and expiry, delete) in a dialog.
 */
export function ManageProfilesButton({ custNo, withBanks }: { custNo: string; withBanks: boolean }) {
  const { t } = useTranslation('paymentProfiles');
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* Its label wraps: in French it is wider than a phone's payment panel, which it pushed out of the card. */}
      <Button
        variant="subtle"
        onClick={() => setOpened(true)}
        data-testid="profiles-manage"
        h="auto"
        py={6}
        maw="100%"
        styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.35 } }}
      >
        {t('manage')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('manage')}
        size="xl"
        data-testid="profiles-manage-dialog"
      >
        <Tabs defaultValue="cards" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="cards" data-testid="profiles-manage-cards">
              {t('tabs.cards')}
            </Tabs.Tab>
            <Tabs.Tab value="banks" data-testid="profiles-manage-banks">
              {t('tabs.banks')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="cards" pt="md">
            <SavedProfilesTable kind="cards" />
          </Tabs.Panel>
          <Tabs.Panel value="banks" pt="md">
            <Stack>
              {withBanks ? <AddBankAccountButton custNo={custNo} /> : null}
              <SavedProfilesTable kind="banks" />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      </Modal>
    </>
  );
}
