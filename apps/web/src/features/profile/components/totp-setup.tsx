import { Alert, Button, Code, Group, Image, Stack, Text, TextInput } from '@mantine/core';
import { ZTotpCode } from '@settle/shared/second-factors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateApiError } from '../../../lib/api-error';
import { useConfirmTotp } from '../api/confirm-totp';
import { useStartTotp } from '../api/start-totp';

/** Long labels (French) wrap on a phone instead of being cut. */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
  label: { whiteSpace: 'normal' as const, textAlign: 'center' as const },
};

/**
 * Setting up an authenticator app: a QR code of the otpauth URI (and the secret as text for
 * typing), then the app's first code; the recovery codes are handed to `onCodes`.
 */
export function TotpSetup({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['security', 'errors']);
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  if (!start.data) {
    return (
      <Stack gap="xs" align="flex-start">
        <Button
          onClick={() => start.mutate()}
          loading={start.isPending}
          data-testid="totp-start"
          styles={WRAPPING_BUTTON}
        >
          {t('security:totp.setUp')}
        </Button>
        {start.isError ? <Alert color="red">{translateApiError(t, start.error)}</Alert> : null}
      </Stack>
    );
  }

  const submit = () => {
    const parsed = ZTotpCode.safeParse(code);
    if (!parsed.success) {
      setCodeError(t('security:messages.codeFormat'));
      return;
    }
    setCodeError(null);
    confirm.mutate(parsed.data, { onSuccess: (answer) => onCodes(answer.recoveryCodes) });
  };

  return (
    <Stack gap="sm" data-testid="totp-enrolment">
      <Text size="sm">{t('security:totp.scan')}</Text>
      <Image src={start.data.qrCode} alt={t('security:totp.qrAlt')} w={200} h={200} data-testid="totp-qr" />
      <Text size="sm">
        {t('security:totp.orType')}{' '}
        <Code data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>
          {start.data.secret}
        </Code>
      </Text>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        noValidate
      >
        <Group align="flex-end">
          <TextInput
            label={t('security:totp.codeLabel')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={codeError}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            w={180}
            data-testid="totp-code"
          />
          <Button type="submit" loading={confirm.isPending} data-testid="totp-confirm">
            {t('security:totp.confirm')}
          </Button>
        </Group>
      </form>
      {confirm.isError ? (
        <Alert color="red" role="alert" data-testid="totp-error">
          {translateApiError(t, confirm.error)}
        </Alert>
      ) : null}
    </Stack>
  );
}
