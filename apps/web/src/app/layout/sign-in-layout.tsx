import { Outlet, useNavigation } from 'react-router';
import { RouteLoading } from '../../components/ui/route-loading';
import { SkipLink } from '../../components/ui/skip-link';
import classes from './sign-in-layout.module.css';
import { MAIN_CONTENT_ID, usePageHeading } from './use-page-heading';

/**
 * The sign-in pages (/login, /postLogin, /troubleSigningIn): no navigation bar, and plain HTML
 * with the shell's CSS (app/shell.css) rather than Mantine, because /login is the first visit's
 * download (npm run bench:web). The signed-in app loads after sign-in, with its own root layout.
 */
export function SignInLayout() {
  usePageHeading();
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <RouteLoading inline /> : null}
      <SkipLink target={MAIN_CONTENT_ID} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
    </>
  );
}
