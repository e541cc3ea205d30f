import { Navigate } from 'react-router';
import { useUserData } from '../../lib/use-user-data';

/** The bare site address goes home when signed in, to the login page otherwise. */
export function RootRedirect() {
  const userData = useUserData();
  return <Navigate to={userData ? '/home' : '/login'} replace />;
}
