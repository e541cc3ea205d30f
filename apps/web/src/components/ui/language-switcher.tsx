import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalizeLanguage, rememberPreferredLanguage } from '../../lib/language';

/** Language names are written in their own language so that anyone can find theirs. */
const OPTIONS = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
];

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const change = (value: string) => {
    const language = normalizeLanguage(value);
    rememberPreferredLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      data={OPTIONS}
      value={normalizeLanguage(i18n.language)}
      onChange={change}
      data-testid="language-switcher"
    />
  );
}
