import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ZPasskeyName } from '@settle/shared/second-factors';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useFormatters } from '../../../lib/use-formatters';
import { useSecondFactors } from '../api/get-second-factors';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { useRegisterPasskey } from '../api/register-passkey';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRemoveTotp } from '../api/remove-totp';
import { RecoveryCodesList } from './recovery-codes-list';
import { TotpSetup, WRAPPING_BUTTON } from './totp-setup';

/** One block of the tab: a heading (with a badge), then its content. */
function SecurityCard({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">
            {title}
          </Title>
          {badge}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The profile's sign-in security: the authenticator app, passkeys and recovery codes, each
 * usable at the sign-in's PIN step. Recovery codes are shown once, when they are made.
 */
export function SecurityPanel() {
  const { t } = useTranslation(['security', 'errors']);
  const status = useSecondFactors();
  const formatters = useFormatters();
  const removeTotp = useRemoveTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const register = useRegisterPasskey();
  const removePasskey = useRemovePasskey();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [passkeyName, setPasskeyName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (status.isPending) return <Skeleton height={120} aria-busy="true" />;
  if (status.isError) return <Alert color="red">{translateApiError(t, status.error)}</Alert>;
  const factors = status.data;
  const fail = (error: unknown) =>
    setProblem(
      error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
        ? t('security:passkeys.cancelled')
        : translateApiError(t, error),
    );

  const addPasskey = () => {
    const parsed = ZPasskeyName.safeParse(passkeyName);
    if (!parsed.success) {
      setNameError(t('security:messages.passkeyNameRequired'));
      return;
    }
    setNameError(null);
    setProblem(null);
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        setPasskeyName('');
        if (answer.recoveryCodes.length > 0) setCodes(answer.recoveryCodes);
      },
      onError: fail,
    });
  };

  return (
    <Stack data-testid="security-panel">
      {factors.tenantRequiresSecondFactor ? (
        <Alert color="blue" data-testid="security-required">
          {t('security:required')}
        </Alert>
      ) : null}
      {problem ? (
        <Alert
          color="red"
          role="alert"
          data-testid="security-error"
          withCloseButton
          onClose={() => setProblem(null)}
        >
          {problem}
        </Alert>
      ) : null}
      {codes ? <RecoveryCodesList codes={codes} /> : null}

      <SecurityCard
        title={t('security:totp.title')}
        badge={
          <Badge color={factors.totp ? '#1b5e20' : 'gray.8'} data-testid="totp-status">
            {factors.totp ? t('security:on') : t('security:off')}
          </Badge>
        }
      >
        <Text size="sm" c="dimmed">
          {t('security:totp.intro')}
        </Text>
        {factors.totp ? (
          <Group>
            <Button
              variant="default"
              onClick={() => removeTotp.mutate(undefined, { onError: fail })}
              loading={removeTotp.isPending}
              data-testid="totp-remove"
            >
              {t('security:totp.remove')}
            </Button>
          </Group>
        ) : (
          <TotpSetup key={String(factors.totp)} onCodes={setCodes} />
        )}
      </SecurityCard>

      <SecurityCard title={t('security:passkeys.title')}>
        <Text size="sm" c="dimmed">
          {t('security:passkeys.intro')}
        </Text>
        {factors.passkeys.length > 0 ? (
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="passkey-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('security:passkeys.name')}</Table.Th>
                  <Table.Th>{t('security:passkeys.added')}</Table.Th>
                  <Table.Th>{t('security:passkeys.lastUsed')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('security:passkeys.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {factors.passkeys.map((passkey) => (
                  <Table.Tr key={passkey.id}>
                    <Table.Td>{passkey.name}</Table.Td>
                    <Table.Td>{formatters.dateTime(passkey.createdAt)}</Table.Td>
                    <Table.Td>{passkey.lastUsedAt ? formatters.dateTime(passkey.lastUsedAt) : '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => removePasskey.mutate(passkey.id, { onError: fail })}
                        aria-label={t('security:passkeys.removeOne', { name: passkey.name })}
                        data-testid={`passkey-remove-${passkey.id}`}
                      >
                        {t('security:passkeys.remove')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text size="sm" data-testid="passkey-none">
            {t('security:passkeys.none')}
          </Text>
        )}
        <form
          onSubmit={(event) => {
            event.preventDefault();
            addPasskey();
          }}
          noValidate
        >
          <Group align="flex-end">
            <TextInput
              label={t('security:passkeys.newName')}
              value={passkeyName}
              onChange={(event) => setPasskeyName(event.currentTarget.value)}
              error={nameError}
              maxLength={60}
              data-testid="passkey-name"
            />
            <Button type="submit" loading={register.isPending} data-testid="passkey-add">
              {t('security:passkeys.add')}
            </Button>
          </Group>
        </form>
      </SecurityCard>

      <SecurityCard title={t('security:recovery.title')}>
        <Text size="sm" data-testid="recovery-left">
          {t('security:recovery.left', { count: factors.recoveryCodesLeft })}
        </Text>
        <Group>
          <Button
            variant="default"
            disabled={!factors.totp && factors.passkeys.length === 0}
            loading={regenerate.isPending}
            onClick={() =>
              regenerate.mutate(undefined, {
                onSuccess: (answer) => setCodes(answer.recoveryCodes),
                onError: fail,
              })
            }
            data-testid="recovery-regenerate"
            styles={WRAPPING_BUTTON}
          >
            {t('security:recovery.regenerate')}
          </Button>
        </Group>
      </SecurityCard>
    </Stack>
  );
}
