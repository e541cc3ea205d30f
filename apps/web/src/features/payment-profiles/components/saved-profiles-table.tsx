import { Alert, Button, Group, Modal, Skeleton, Table, Text } from '@mantine/core';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useDeletePaymentProfile } from '../api/delete-payment-profile';
import { usePaymentProfiles } from '../api/get-payment-profiles';
import { SavedProfileRow } from './saved-profile-row';

export interface SavedProfilesTableProps {
  /** Cards (credit and debit) or bank accounts. */
  kind: 'cards' | 'banks';
  /** What "now" is for the expiry rules (tests pass a fixed one). */
  now?: Date;
}

/** The saved cards or bank accounts of the user: the profile screen's tabs and the cart's manage dialog. */
export function SavedProfilesTable({ kind, now = new Date() }: SavedProfilesTableProps) {
  const { t } = useTranslation(['paymentProfiles', 'errors']);
  const profiles = usePaymentProfiles(kind === 'banks' ? { profileType: 'ECHECK' } : {});
  const remove = useDeletePaymentProfile();
  const [deleting, setDeleting] = useState<TPaymentProfile | null>(null);
  if (profiles.isPending) return <Skeleton height={80} aria-busy="true" />;
  if (profiles.isError)
    return (
      <Alert color="red" title={t('paymentProfiles:loadFailed')}>
        {translateApiError(t, profiles.error)}
      </Alert>
    );
  const rows = profiles.data.filter((profile) => (kind === 'banks') === (profile.profileType === 'ECHECK'));
  const isCards = kind === 'cards';

  return (
    <>
      {rows.length === 0 ? (
        <Text data-testid={`profiles-${kind}-empty`}>{t(`paymentProfiles:empty.${kind}`)}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table data-testid={`profiles-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('paymentProfiles:columns.alias')}</Table.Th>
                <Table.Th>
                  {t(isCards ? 'paymentProfiles:columns.card' : 'paymentProfiles:columns.account')}
                </Table.Th>
                <Table.Th>
                  {t(isCards ? 'paymentProfiles:columns.holder' : 'paymentProfiles:columns.name')}
                </Table.Th>
                {isCards ? <Table.Th>{t('paymentProfiles:columns.expiry')}</Table.Th> : null}
                <Table.Th>{t('paymentProfiles:columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((profile) => (
                <SavedProfileRow key={profile.id} profile={profile} now={now} onDelete={setDeleting} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('paymentProfiles:deleteTitle')}
        data-testid="profile-delete-dialog"
      >
        <Text>{t('paymentProfiles:deleteConfirm')}</Text>
        {remove.isError ? (
          <Alert color="red" mt="sm" data-testid="profile-delete-error">
            {t('paymentProfiles:deleteFailed')} {translateApiError(t, remove.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDeleting(null)}>
            {t('paymentProfiles:cancel')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            data-testid="profile-delete-confirm"
            onClick={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
          >
            {t('paymentProfiles:delete')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
