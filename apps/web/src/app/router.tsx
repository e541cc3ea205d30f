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
import { CustomerDisputeRoute } from './routes/customer-dispute-route';
import { DisputeCreateRoute } from './routes/dispute-create-route';
import { DisputeDetailRoute } from './routes/dispute-detail-route';
import { FallbackRedirect } from './routes/fallback-redirect';
import { HomeRoute } from './routes/home-route';
import { InvoiceDetailRoute } from './routes/invoice-detail-route';
import { InvoiceDisputesRoute } from './routes/invoice-disputes-route';
import { InvoicesRoute } from './routes/invoices-route';
import { PaymentCartRoute } from './routes/payment-cart-route';

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
      { path: '/dispute/:invNo', element: <DisputeCreateRoute /> },
      { path: '/dispute/:invNo/:probId/:tranId?', element: <DisputeDetailRoute /> },
      { path: '/disputebyinvoices/:invNo', element: <InvoiceDisputesRoute /> },
      { path: '/custDispute/:custNo/:probId', element: <CustomerDisputeRoute /> },
      { path: '/payments', element: <ComingSoonRoute titleKey="nav.payments" /> },
      { path: '/disputes', element: <ComingSoonRoute titleKey="nav.disputes" /> },
    ],
  },
  // Help opens in a window of its own, without the navigation bar; its API call decides who may read what.
  { path: '/help/:topic?', element: <HelpRoute /> },
  { path: '*', element: <FallbackRedirect /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
