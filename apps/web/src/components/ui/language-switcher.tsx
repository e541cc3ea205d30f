import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  normalizeLanguage,
  rememberPreferredLanguage,
  SUPPORTED_LANGUAGES,
  type TLanguage,
} from '../../lib/language';
import classes from './sign-in-frame.module.css';

/** Language names are written in their own language so that anyone can find theirs. */
const LABELS: Record<TLanguage, string> = { en: 'English', fr: 'Français' };

/** Two radio buttons drawn as one segmented control (plain HTML: it sits on the sign-in pages). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const name = useId();
  const current = normalizeLanguage(i18n.language);
  const change = (language: TLanguage) => {
    rememberPreferredLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <div
      role="radiogroup"
      aria-label={t('language.label')}
      className={classes.languages}
      data-testid="language-switcher"
    >
      {SUPPORTED_LANGUAGES.map((language) => (
        <label key={language} className={classes.language} lang={language}>
          <input
            type="radio"
            name={name}
            value={language}
            checked={current === language}
            onChange={() => change(language)}
          />
          {LABELS[language]}
        </label>
      ))}
    </div>
  );
}
