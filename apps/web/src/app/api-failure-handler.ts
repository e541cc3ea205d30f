import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { subscribeApiFailures } from '../lib/api-client';
import { storeLogoutReason } from '../lib/logout-reason';
import { clearUserData } from '../lib/user-storage';

/**
 * One place reacts to failures any screen's call can meet: an ended session signs the user
 * out (the sign-in guard then shows /login with the stored reason); an unreachable or
 * failing server gets the spec's message. Returns the unsubscribe function.
 */
export function installApiFailureHandler(options: { i18n: i18n; queryClient: QueryClient }): () => void {
  const { i18n, queryClient } = options;
  return subscribeApiFailures((event) => {
    if (event.kind === 'session-ended') {
      storeLogoutReason(event.reason);
      void queryClient.cancelQueries();
      clearUserData();
      return;
    }
    const message =
      event.kind === 'network'
        ? i18n.t('errors:NETWORK')
        : i18n.t('errors:SERVER_ERROR', { status: event.status });
    // A fixed id: ten failing calls at once give one notification, not ten.
    notifications.show({ id: `api-${event.kind}`, color: 'red', title: i18n.t('errors:title'), message });
  });
}
