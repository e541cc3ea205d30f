import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import type { TPaymentProfile } from '@settle/shared/payment-profiles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useUpdatePaymentProfile } from '../api/update-payment-profile';
import { currentExpiry, expiryError } from '../lib/expiry-message';

export interface SavedProfileRowProps {
  profile: TPaymentProfile;
  now: Date;
  onDelete: (profile: TPaymentProfile) => void;
}

/** One saved card or bank account, with its edit mode (alias, and the expiry or the account name). */
export function SavedProfileRow({ profile, now, onDelete }: SavedProfileRowProps) {
  const { t } = useTranslation(['paymentProfiles', 'errors']);
  const isCard = profile.profileType !== 'ECHECK';
  const [editing, setEditing] = useState(false);
  const [alias, setAlias] = useState(profile.aliasName);
  const [expiry, setExpiry] = useState(profile.expirationDateStr ?? '');
  const [name, setName] = useState(profile.name ?? '');
  const update = useUpdatePaymentProfile();
  const stored = currentExpiry(profile.expirationDateStr);
  const liveError = isCard && editing ? expiryError(t, expiry, now, stored) : null;
  const rowId = `profile-${profile.id}`;

  const startEdit = () => {
    setAlias(profile.aliasName);
    setExpiry(profile.expirationDateStr ?? '');
    setName(profile.name ?? '');
    update.reset();
    setEditing(true);
  };
  const save = () =>
    update.mutate(
      isCard
        ? { id: profile.id, profileType: profile.profileType, aliasName: alias, expirationDate: expiry }
        : { id: profile.id, profileType: profile.profileType, aliasName: alias, name },
      { onSuccess: () => setEditing(false) },
    );

  return (
    <Table.Tr data-testid={rowId}>
      <Table.Td>
        {editing ? (
          <TextInput
            aria-label={t('paymentProfiles:columns.alias')}
            value={alias}
            maxLength={60}
            onChange={(event) => setAlias(event.currentTarget.value)}
            data-testid={`${rowId}-alias`}
          />
        ) : (
          profile.aliasName || '—'
        )}
      </Table.Td>
      <Table.Td>
        {isCard
          ? t('paymentProfiles:cardEnding', {
              brand: profile.cardType ?? '',
              last4: profile.lastDigits ?? '',
            })
          : `${profile.accountNum ?? ''} (${profile.routingNum ?? ''})`}
      </Table.Td>
      <Table.Td>
        {!isCard && editing ? (
          <TextInput
            aria-label={t('paymentProfiles:columns.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            data-testid={`${rowId}-name`}
          />
        ) : isCard ? (
          profile.cardHolderName
        ) : (
          profile.name
        )}
      </Table.Td>
      {isCard ? (
        <Table.Td>
          {editing ? (
            <TextInput
              aria-label={t('paymentProfiles:columns.expiry')}
              placeholder="MM/YYYY"
              value={expiry}
              error={liveError}
              onChange={(event) => setExpiry(event.currentTarget.value)}
              data-testid={`${rowId}-expiry`}
            />
          ) : (
            <Group gap={6}>
              <span>{profile.expirationDateStr}</span>
              {profile.expired ? (
                <Text component="span" c="red.8" size="sm" data-testid={`${rowId}-expired`}>
                  {t('paymentProfiles:expired')}
                </Text>
              ) : null}
            </Group>
          )}
        </Table.Td>
      ) : null}
      <Table.Td>
        {editing ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              onClick={save}
              disabled={liveError !== null || (!isCard && name.trim() === '')}
              loading={update.isPending}
              data-testid={`${rowId}-save`}
            >
              {t('paymentProfiles:save')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setEditing(false)}
              data-testid={`${rowId}-cancel`}
            >
              {t('paymentProfiles:cancel')}
            </Button>
            {update.isError ? (
              <Text c="red.8" size="sm" role="alert" data-testid={`${rowId}-error`}>
                {t('paymentProfiles:updateFailed')} {translateApiError(t, update.error)}
              </Text>
            ) : null}
          </Group>
        ) : (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" variant="light" onClick={startEdit} data-testid={`${rowId}-edit`}>
              {t('paymentProfiles:edit')}
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => onDelete(profile)}
              data-testid={`${rowId}-delete`}
            >
              {t('paymentProfiles:delete')}
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
