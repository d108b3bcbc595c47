export * from './accounts.js';
export * from './companies.js';
export * from './disputes.js';
export * from './mail-in.js';
export * from './notifications.js';
export * from './orders.js';
export * from './partners.js';
export * from './returns.js';
