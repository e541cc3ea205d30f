import { Navigate } from 'react-router';
import { useUserData } from '../../lib/use-user-data';

/** Unknown addresses go home when signed in, to the login page otherwise. */
export function FallbackRedirect() {
  const userData = useUserData();
  return <Navigate to={userData ? '/home' : '/login'} replace />;
}
