import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { useContext } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { RouteLoading } from '../../components/ui/route-loading';
import { FullProvidersContext } from '../full-providers-context';
import { SignedInAppProviders } from '../providers';
import { createQueryClient } from '../query-client';

/** One cache for the page's life: signing in again clears it (SignedInAppProviders). */
const queryClient = createQueryClient();

/**
 * Above every route but the sign-in pages, loaded lazily with Mantine and the query cache (the
 * sign-in pages are plain HTML, so that the first visit downloads neither). While a navigation
 * waits for a lazily loaded screen the current page stays, with a small loading status in the
 * corner (the first load shows RouteLoading alone).
 */
export function RootLayout() {
  const navigation = useNavigation();
  const provided = useContext(FullProvidersContext);
  const content = (
    <>
      {navigation.state === 'loading' ? <RouteLoading inline /> : null}
      <Outlet />
    </>
  );
  if (provided) return content;
  return <SignedInAppProviders queryClient={queryClient}>{content}</SignedInAppProviders>;
}
