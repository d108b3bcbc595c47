import { learnFromContext, type ProfileStore, type SupplierProfile } from './profile.js';
import { contextOf, type ReadOptions, readWords } from './read.js';
import type { TReaderResult } from './types.js';

/**
 * Learns a supplier's layout from a document and the result a person corrected; stores the profile.
 * Later reads for that supplier (`profile` option) use it first.
 */
export async function learn(
  store: ProfileStore,
  supplierKey: string,
  document: Uint8Array,
  corrected: Partial<TReaderResult>,
  opts: ReadOptions = {},
): Promise<SupplierProfile> {
  const doc = await readWords(document, opts);
  const ctx = contextOf(doc);
  const previous = await store.get(supplierKey);
  const profile = learnFromContext(ctx, supplierKey, corrected, previous);
  await store.put(supplierKey, profile);
  return profile;
}
