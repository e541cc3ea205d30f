import type { i18n } from 'i18next';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteLoading } from '../components/ui/route-loading';
import { accountSetupRoutes } from '../features/account-setup/routes/account-setup-routes';
import { LoginRoute } from '../features/auth/routes/login-route';
import { loadNamespaces } from '../lib/i18n';
import { APP_NAMESPACES } from '../lib/locale-files';
import { SignInLayout } from './layout/sign-in-layout';

/*
 * Only the sign-in pages are in the first download, and they are plain HTML under their own
 * layout: Mantine, the query cache and every other screen come with the lazily loaded root
 * layout, after sign-in (npm run bench:web checks what /login costs). So do the texts: the sign-in
 * pages' namespaces are there from the start (main.tsx), every other one comes with the root
 * layout. Route-level `lazy` rather than React.lazy so that a layout, its texts and its page load
 * in parallel, not one after the other.
 */
export function createAppRoutes(i18n: i18n): RouteObject[] {
  return [
    {
      element: <SignInLayout />,
      hydrateFallbackElement: <RouteLoading />,
      children: [
        { path: '/login', element: <LoginRoute /> },
        {
          path: '/postLogin',
          lazy: () =>
            import('../features/auth/routes/post-login-route').then((m) => ({
              Component: m.PostLoginRoute,
            })),
        },
        {
          path: '/troubleSigningIn',
          lazy: () =>
            import('../features/auth/routes/trouble-signing-in-route').then((m) => ({
              Component: m.TroubleSigningInRoute,
            })),
        },
        // The bare address decides between /login and /home without loading the signed-in app.
        {
          path: '/',
          lazy: () => import('./routes/root-redirect').then((m) => ({ Component: m.RootRedirect })),
        },
      ],
    },
    {
      lazy: () =>
        Promise.all([import('./layout/root-layout'), loadNamespaces(i18n, APP_NAMESPACES)]).then(([m]) => ({
          Component: m.RootLayout,
        })),
      hydrateFallbackElement: <RouteLoading />,
      children: [
        {
          lazy: () => import('./layout/public-layout').then((m) => ({ Component: m.PublicLayout })),
          children: [
            {
              path: '/sso',
              lazy: () => import('../features/sso/routes/sso-route').then((m) => ({ Component: m.SsoRoute })),
            },
            ...accountSetupRoutes,
          ],
        },
        {
          lazy: () => import('./layout/signed-in-layout').then((m) => ({ Component: m.SignedInLayout })),
          children: [
            {
              path: '/home',
              lazy: () => import('./routes/home-route').then((m) => ({ Component: m.HomeRoute })),
            },
            {
              path: '/invoices',
              lazy: () => import('./routes/invoices-route').then((m) => ({ Component: m.InvoicesRoute })),
            },
            {
              path: '/detail/:status/:invNo',
              lazy: () =>
                import('./routes/invoice-detail-route').then((m) => ({ Component: m.InvoiceDetailRoute })),
            },
            {
              path: '/paymentCart',
              lazy: () =>
                import('./routes/payment-cart-route').then((m) => ({ Component: m.PaymentCartRoute })),
            },
            {
              path: '/paymentApprovals',
              lazy: () =>
                import('./routes/payment-approvals-route').then((m) => ({
                  Component: m.PaymentApprovalsRoute,
                })),
            },
            {
              path: '/onAccountPayment',
              lazy: () =>
                import('./routes/on-account-payment-route').then((m) => ({
                  Component: m.OnAccountPaymentRoute,
                })),
            },
            {
              path: '/dispute/:invNo',
              lazy: () =>
                import('./routes/dispute-create-route').then((m) => ({ Component: m.DisputeCreateRoute })),
            },
            {
              path: '/dispute/:invNo/:probId/:tranId?',
              lazy: () =>
                import('./routes/dispute-detail-route').then((m) => ({ Component: m.DisputeDetailRoute })),
            },
            {
              path: '/disputebyinvoices/:invNo',
              lazy: () =>
                import('./routes/invoice-disputes-route').then((m) => ({
                  Component: m.InvoiceDisputesRoute,
                })),
            },
            {
              path: '/custDispute/:custNo/:probId',
              lazy: () =>
                import('./routes/customer-dispute-route').then((m) => ({
                  Component: m.CustomerDisputeRoute,
                })),
            },
            {
              path: '/payments',
              lazy: () =>
                import('./routes/payment-logs-route').then((m) => ({ Component: m.PaymentLogsRoute })),
            },
            {
              path: '/profile',
              lazy: () =>
                import('./routes/user-profile-route').then((m) => ({ Component: m.UserProfileRoute })),
            },
            {
              path: '/disputes',
              lazy: () => import('./routes/disputes-route').then((m) => ({ Component: m.DisputesRoute })),
            },
          ],
        },
        // The payment provider's window comes back here once the payment is done.
        {
          path: '/paymentDone',
          lazy: () =>
            import('../features/payments/routes/payment-done-route').then((m) => ({
              Component: m.PaymentDoneRoute,
            })),
        },
        // Help opens in a window of its own, without the navigation bar; its API call decides who may read what.
        {
          path: '/help/:topic?',
          lazy: () => import('../features/help/routes/help-route').then((m) => ({ Component: m.HelpRoute })),
        },
        // Unknown addresses say so, with a way home or to sign in (not a silent redirect).
        {
          path: '*',
          lazy: () => import('./routes/not-found-route').then((m) => ({ Component: m.NotFoundRoute })),
        },
      ],
    },
  ];
}

export function createAppRouter(i18n: i18n) {
  return createBrowserRouter(createAppRoutes(i18n));
}
