import { Outlet, useNavigation } from 'react-router';
import { RouteLoading } from '../../components/ui/route-loading';

/**
 * Above every route. While a navigation waits for a lazily loaded screen the current page
 * stays, with a small loading status in the corner (the first load shows RouteLoading alone).
 */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <RouteLoading inline /> : null}
      <Outlet />
    </>
  );
}
