import { detectBrowserSupport } from '@settle/shared/rules/browser';
import { useTranslation } from 'react-i18next';
import { PlainAlert } from '../../../components/ui/plain-alert';

export function UnsupportedBrowserAlert({ userAgent = navigator.userAgent }: { userAgent?: string }) {
  const { t } = useTranslation('auth');
  const support = detectBrowserSupport(userAgent);
  if (support.supported) return null;
  const browser = support.version === null ? support.name : `${support.name} ${support.version}`;
  return (
    <PlainAlert tone="caution" title={t('unsupportedBrowser.title')} data-testid="unsupported-browser">
      {t('unsupportedBrowser.message', { browser })}
    </PlainAlert>
  );
}
