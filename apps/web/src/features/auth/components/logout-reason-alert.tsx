import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearLogoutReason, readLogoutReason } from '../../../lib/logout-reason';

/** Why the previous session ended (expired, ended by an administrator, deactivated...). */
export function LogoutReasonAlert() {
  const { t } = useTranslation(['auth', 'errors']);
  const [reason, setReason] = useState(readLogoutReason);
  if (!reason) return null;
  const dismiss = () => {
    clearLogoutReason();
    setReason(null);
  };
  return (
    <Alert
      color="orange"
      title={t('auth:logoutReason.title')}
      withCloseButton
      onClose={dismiss}
      data-testid="logout-reason"
    >
      {t(`errors:${reason}`, { defaultValue: t('errors:UNAUTHENTICATED') })}
    </Alert>
  );
}
