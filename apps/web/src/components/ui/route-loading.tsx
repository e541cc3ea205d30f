import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Shown while a screen's code is fetched (the first visit of a lazily loaded route): a
 * polite status with a translated name, so that a screen reader hears that something comes.
 */
export function RouteLoading({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  const loader = <Loader size="sm" aria-hidden="true" />;
  return (
    <Center
      role="status"
      aria-live="polite"
      aria-label={t('loading')}
      data-testid="route-loading"
      mih={inline ? undefined : '60vh'}
      pos={inline ? 'fixed' : undefined}
      top={inline ? 8 : undefined}
      right={inline ? 8 : undefined}
      style={inline ? { zIndex: 1000 } : undefined}
    >
      {loader}
    </Center>
  );
}
