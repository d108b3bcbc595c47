export * from './accounts.js';
export * from './companies.js';
export * from './envelope.js';
export * from './mail-in.js';
export * from './notifications.js';
export * from './orders.js';
export * from './paging.js';
export * from './partners.js';
