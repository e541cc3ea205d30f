import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';
import { clearLogoutReason, readLogoutReason } from '../../../lib/logout-reason';

/** Why the previous session ended (expired, ended by an administrator, deactivated...). */
export function LogoutReasonAlert() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const [reason, setReason] = useState(readLogoutReason);
  if (!reason) return null;
  const dismiss = () => {
    clearLogoutReason();
    setReason(null);
  };
  return (
    <PlainAlert
      tone="warning"
      title={t('auth:logoutReason.title')}
      onClose={dismiss}
      closeLabel={t('common:close')}
      data-testid="logout-reason"
    >
      {t(`errors:${reason}`, { defaultValue: t('errors:UNAUTHENTICATED') })}
    </PlainAlert>
  );
}
