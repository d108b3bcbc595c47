export { STRAIGHT_THROUGH } from './calibrate.js';
export { type CheckOptions, runChecks } from './checks.js';
export { type EInvoice, parseEInvoice } from './einvoice.js';
export { identify } from './identify.js';
export { learn } from './learn.js';
export { type ModelOptions, readWithModel } from './model.js';
export { closeOcr, nativeTesseractLangs } from './ocr.js';
export { isOwnName, type OwnCompany } from './own-company.js';
export { findDates, guessDateOrder, parseNumber } from './parse.js';
export { createReader, type Reader, type ReaderPoolOptions } from './pool.js';
export {
  createFileProfileStore,
  createMemoryProfileStore,
  PROFILE_VERSION,
  type ProfileStore,
  recogniseSupplier,
  type SupplierProfile,
} from './profile.js';
export {
  DEFAULT_LIMITS,
  type ReaderLimits,
  type ReadOptions,
  readDocument,
  readWords,
} from './read.js';
export type { KnownVendor } from './receipt.js';
export * from './types.js';
