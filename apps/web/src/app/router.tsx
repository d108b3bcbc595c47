import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { companyAreaLoader, NOT_AUTHORIZED_PATH, requireToken, shopsOnly } from './guards';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RouterError } from './pages/router-error';
import { lazyScreen } from './screens';

/** The route tree of spec §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouterError />,
    children: [
      { path: 'login', lazy: lazyScreen('login') },
      {
        lazy: lazyScreen('dataLayout'),
        children: dataRoutes(),
      },
    ],
  },
];

/** Everything but login: below the data layout (query cache, overlay, toasts). */
function dataRoutes(): RouteObject[] {
  return [
    { index: true, lazy: lazyScreen('home') },
    { path: 'logout', lazy: lazyScreen('logout') },
    { path: 'register', lazy: lazyScreen('register') },
    { path: 'forgot-password', lazy: lazyScreen('forgotPassword') },
    { path: 'reset-password', lazy: lazyScreen('resetPassword') },
    { path: 'email-verified', lazy: lazyScreen('emailVerified') },
    { path: 'privacy-policy', lazy: lazyScreen('privacy') },
    { path: 'terms', lazy: lazyScreen('terms') },
    { path: 'unsubscribe', lazy: lazyScreen('unsubscribe') },
    { path: 'test', lazy: lazyScreen('test') },
    { path: NOT_AUTHORIZED_PATH.slice(1), lazy: lazyScreen('notAuthorized') },
    {
      loader: requireToken,
      lazy: lazyScreen('accountLayout'),
      children: [
        { path: 'onboarding', lazy: lazyScreen('onboarding') },
        { path: 'company-contact-form', lazy: lazyScreen('contactForm') },
        { path: 'select-company', lazy: lazyScreen('selectCompany') },
      ],
    },
    { path: 'shops/config/email', loader: requireToken, lazy: lazyScreen('emailRedirect') },
    {
      // The operator's console: its own lazily loaded area, in none of the company screens' code.
      path: 'admin',
      loader: requireToken,
      lazy: lazyScreen('adminLayout'),
      children: [
        { index: true, element: <Navigate to="companies" replace /> },
        { path: 'companies', lazy: lazyScreen('adminCompanies') },
        { path: 'companies/:companyId', lazy: lazyScreen('adminCompany') },
        { path: 'orders', lazy: lazyScreen('adminOrders') },
        { path: 'documents/:docId', lazy: lazyScreen('adminDocument') },
        { path: 'training', lazy: lazyScreen('adminTraining') },
        { path: 'audit', lazy: lazyScreen('adminAudit') },
      ],
    },
    {
      path: ':companyType/:companyId',
      loader: companyAreaLoader,
      lazy: lazyScreen('companyLayout'),
      children: [
        { index: true, element: <Navigate to="orders" replace /> },
        { path: 'home', lazy: lazyScreen('companyHome') },
        { path: 'orders', lazy: lazyScreen('orders') },
        { path: 'orders/review/:docId', loader: shopsOnly, lazy: lazyScreen('orderReview') },
        { path: 'orders/:orderId', lazy: lazyScreen('orderDetail') },
        { path: 'products', lazy: lazyScreen('products') },
        { path: 'upload', loader: shopsOnly, lazy: lazyScreen('upload') },
        {
          path: 'config',
          lazy: lazyScreen('configLayout'),
          children: [
            { index: true, lazy: lazyScreen('configIndex') },
            { path: 'users', lazy: lazyScreen('users') },
            { path: 'email', loader: shopsOnly, lazy: lazyScreen('emailConfig') },
            { path: 'email2', loader: shopsOnly, lazy: lazyScreen('email2') },
            { path: 'suppliers', loader: shopsOnly, lazy: lazyScreen('suppliers') },
            { path: 'clients', lazy: lazyScreen('clients') },
            {
              path: 'integrations',
              loader: shopsOnly,
              children: [
                { index: true, lazy: lazyScreen('integrations') },
                {
                  path: 'Semtek',
                  children: [
                    { index: true, element: <Navigate to="overview" replace /> },
                    { path: 'overview', lazy: lazyScreen('integrationOverview') },
                    { path: 'sync-history', lazy: lazyScreen('syncHistory') },
                    { path: 'integration-products', lazy: lazyScreen('integrationProducts') },
                  ],
                },
              ],
            },
          ],
        },
        { path: 'messages', lazy: lazyScreen('messages') },
        { path: 'disputes', lazy: lazyScreen('disputes') },
        { path: 'disputes/:disputeId', lazy: lazyScreen('dispute') },
        { path: 'returns', lazy: lazyScreen('returns') },
        { path: 'credits', lazy: lazyScreen('credits') },
        { path: 'notifications', lazy: lazyScreen('notifications') },
        { path: 'notifications/settings', lazy: lazyScreen('emailSettings') },
        { path: 'test', lazy: lazyScreen('test') },
        {
          path: '*',
          lazy: async () => ({ Component: (await import('./pages/content-not-found-page')).default }),
        },
      ],
    },
    { path: '*', Component: NotFoundPage },
  ];
}

export const createRouter = () => createBrowserRouter(routes);
