/** The demo logins `npm run demo` makes (seed.ts); also used by the lists benchmark, which signs in with them. */
export const DEMO_PASSWORD = 'orderbridge demo 1';
export const DEMO_SHOP_USER = 'shop@demo.orderbridge.test';
export const DEMO_SUPPLIER_USER = 'supplier@demo.orderbridge.test';
