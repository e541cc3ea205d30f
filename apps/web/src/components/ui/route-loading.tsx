import { useTranslation } from 'react-i18next';
import classes from './route-loading.module.css';

/**
 * Shown while a screen's code is fetched (the first visit of a lazily loaded route): a
 * polite status with a translated name, so that a screen reader hears that something comes.
 * `inline`: a small notice at the top over the page still shown, during a navigation.
 * Plain HTML: it shows before Mantine has loaded.
 */
export function RouteLoading({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  if (inline) {
    return (
      <div
        role="status"
        aria-live="polite"
        aria-label={t('loading')}
        data-testid="route-loading"
        className={classes.inline}
      >
        <span className={classes.spinner} aria-hidden="true" />
        <span>{t('loading')}</span>
      </div>
    );
  }
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={t('loading')}
      data-testid="route-loading"
      className={classes.page}
    >
      <span className={classes.spinner} aria-hidden="true" />
    </div>
  );
}
