export * from './accounts.js';
export * from './companies.js';
