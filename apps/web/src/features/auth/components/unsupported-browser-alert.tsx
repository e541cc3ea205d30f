import { Alert } from '@mantine/core';
import { detectBrowserSupport } from '@settle/shared/rules/browser';
import { useTranslation } from 'react-i18next';

export function UnsupportedBrowserAlert({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation('auth');
  const support = detectBrowserSupport(userAgent);
  if (support.supported) return null;
  const browser = support.version === null ? support.name : `${support.name} ${support.version}`;
  return (
    <Alert color="yellow" title={t('unsupportedBrowser.title')} data-testid="unsupported-browser">
      {t('unsupportedBrowser.message', { browser })}
    </Alert>
  );
}
