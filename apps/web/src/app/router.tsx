import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountSetupRoutes } from '../features/account-setup/routes/account-setup-routes';
import { LoginRoute } from '../features/auth/routes/login-route';
import { PostLoginRoute } from '../features/auth/routes/post-login-route';
import { TroubleSigningInRoute } from '../features/auth/routes/trouble-signing-in-route';
import { HelpRoute } from '../features/help/routes/help-route';
import { SsoRoute } from '../features/sso/routes/sso-route';
import { PublicLayout } from './layout/public-layout';
import { SignedInLayout } from './layout/signed-in-layout';
import { ComingSoonRoute } from './routes/coming-soon-route';
import { HomeRoute } from './routes/home-route';
import { InvoiceDetailRoute } from './routes/invoice-detail-route';
import { InvoicesRoute } from './routes/invoices-route';
import { NotFoundRoute } from './routes/not-found-route';
import { PaymentCartRoute } from './routes/payment-cart-route';
import { RootRedirect } from './routes/root-redirect';

export const appRoutes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: <LoginRoute /> },
      { path: '/postLogin', element: <PostLoginRoute /> },
      { path: '/troubleSigningIn', element: <TroubleSigningInRoute /> },
      { path: '/sso', element: <SsoRoute /> },
      ...accountSetupRoutes,
    ],
  },
  {
    element: <SignedInLayout />,
    children: [
      { path: '/home', element: <HomeRoute /> },
      { path: '/invoices', element: <InvoicesRoute /> },
      { path: '/detail/:status/:invNo', element: <InvoiceDetailRoute /> },
      { path: '/paymentCart', element: <PaymentCartRoute /> },
      // The disputes screens are another issue: the grid's dispute links land here meanwhile.
      { path: '/dispute/:invNo', element: <ComingSoonRoute titleKey="nav.disputes" /> },
      { path: '/payments', element: <ComingSoonRoute titleKey="nav.payments" /> },
      { path: '/disputes', element: <ComingSoonRoute titleKey="nav.disputes" /> },
    ],
  },
  // Help opens in a window of its own, without the navigation bar; its API call decides who may read what.
  { path: '/help/:topic?', element: <HelpRoute /> },
  { path: '/', element: <RootRedirect /> },
  { path: '*', element: <NotFoundRoute /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
