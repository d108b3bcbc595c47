import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

type TModule = { default: ComponentType; loader?: LoaderFunction };
type TLoader = () => Promise<TModule>;

/**
 * Every lazily loaded screen, by name. The router loads them on navigation and the sidebar calls the same
 * functions on hover, so a preloaded screen is already in the module cache when the click lands.
 */
export const screens = {
  home: () => import('../features/home/routes/home-page'),
  companyHome: () => import('../features/home/routes/company-home-page'),
  login: () => import('../features/accounts/routes/login-page'),
  logout: () => import('../features/accounts/routes/logout-page'),
  register: () => import('../features/accounts/routes/register-page'),
  forgotPassword: () => import('../features/accounts/routes/forgot-password-page'),
  resetPassword: () => import('../features/accounts/routes/reset-password-page'),
  emailVerified: () => import('../features/accounts/routes/email-verified-page'),
  privacy: () => import('../features/legal/routes/privacy-page'),
  terms: () => import('../features/legal/routes/terms-page'),
  onboarding: () => import('../features/companies/routes/onboarding-page'),
  contactForm: () => import('../features/companies/routes/contact-form-page'),
  selectCompany: () => import('../features/companies/routes/select-company-page'),
  users: () => import('../features/companies/routes/users-page'),
  emailRedirect: () => import('../features/mail-in/routes/email-redirect-page'),
  emailConfig: () => import('../features/mail-in/routes/email-config-page'),
  email2: () => import('../features/mail-in/routes/email2-page'),
  orders: () => import('../features/orders/routes/orders-page'),
  upload: () => import('../features/orders/routes/upload-page'),
  orderReview: () => import('../features/orders/routes/review-page'),
  orderDetail: () => import('../features/orders/routes/order-page'),
  products: () => import('../features/catalogue/routes/products-page'),
  integrations: () => import('../features/catalogue/routes/integrations-page'),
  integrationOverview: () => import('../features/catalogue/routes/integration-overview-page'),
  syncHistory: () => import('../features/catalogue/routes/sync-history-page'),
  integrationProducts: () => import('../features/catalogue/routes/integration-products-page'),
  disputes: () => import('../features/disputes/routes/disputes-page'),
  dispute: () => import('../features/disputes/routes/dispute-page'),
  messages: () => import('../features/disputes/routes/messages-page'),
  returns: () => import('../features/returns/routes/returns-page'),
  credits: () => import('../features/returns/routes/credits-page'),
  notifications: () => import('../features/notifications/routes/notifications-page'),
  emailSettings: () => import('../features/notifications/routes/email-settings-page'),
  unsubscribe: () => import('../features/notifications/routes/unsubscribe-page'),
  suppliers: () => import('../features/partners/routes/suppliers-page'),
  clients: () => import('../features/partners/routes/clients-page'),
  adminLayout: () => import('../features/admin/routes/admin-layout'),
  adminCompanies: () => import('../features/admin/routes/companies-page'),
  adminCompany: () => import('../features/admin/routes/company-page'),
  adminOrders: () => import('../features/admin/routes/orders-page'),
  adminDocument: () => import('../features/admin/routes/document-page'),
  adminTraining: () => import('../features/admin/routes/training-page'),
  adminAudit: () => import('../features/admin/routes/audit-page'),
  dataLayout: () => import('./layouts/data-layout'),
  notAuthorized: () => import('./pages/not-authorized-page'),
  companyLayout: () => import('./layouts/company-layout'),
  accountLayout: () => import('./layouts/account-layout'),
  configLayout: () => import('./layouts/config-layout'),
  configIndex: () => import('./pages/config-index-page'),
  test: () => import('./pages/test-page'),
} satisfies Record<string, TLoader>;

export type TScreen = keyof typeof screens;

/** Route `lazy` for a screen. */
export const lazyScreen = (name: TScreen) => async () => {
  const mod: TModule = await screens[name]();
  return mod.loader ? { Component: mod.default, loader: mod.loader } : { Component: mod.default };
};

const preloaded = new Set<TScreen>();

/** Fetch a screen's code ahead of navigation (hover preloading). */
export function preloadScreen(name: TScreen): void {
  if (preloaded.has(name)) return;
  preloaded.add(name);
  screens[name]().catch(() => preloaded.delete(name));
}
