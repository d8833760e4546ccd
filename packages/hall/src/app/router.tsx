import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { LoanCalculatorPage } from '../features/public/pages/loan-calculator-page';
import { PublicLayout } from './layout';
import { NotFoundPage } from './pages/not-found-page';

/**
 * Public routes of spec 2.1 built so far. Pages load lazily. Until sign-in exists (issue #5) the root shows the
 * public rate page; afterwards it goes to the signed-in user's home.
 */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    // Shown while a lazily loaded page arrives on the first visit.
    hydrateFallbackElement: <p className="page page--center" role="status">正在加载，请稍候…</p>,
    children: [
      { path: '/', element: <Navigate to="/loanRate" replace /> },
      {
        path: '/loanRate',
        lazy: async () => ({ Component: (await import('../features/public/pages/loan-rate-page')).LoanRatePage }),
      },
      // Loaded eagerly (spec 2.1): the calculator is what a citizen opens first.
      { path: '/dkcs', element: <LoanCalculatorPage /> },
      { path: '/404', element: <NotFoundPage /> },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export function createRouter() {
  return createHashRouter(routes);
}
