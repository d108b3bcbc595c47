import { learnFromContext, type ProfileStore, type SupplierProfile } from './profile.js';
import { contextOf, type DocumentWords, extractAll, type ReadOptions, readWords } from './read.js';
import type { TReaderResult } from './types.js';

/**
 * Learns a supplier's layout from a document and the result a person corrected; stores the profile.
 * Later reads for that supplier (`profile` option) use it first. Runs in this thread; `createReader().learn`
 * does the same in a worker thread.
 */
export async function learn(
  store: ProfileStore,
  supplierKey: string,
  document: Uint8Array,
  corrected: Partial<TReaderResult>,
  opts: ReadOptions = {},
): Promise<SupplierProfile> {
  const profile = await learnProfile(supplierKey, document, corrected, await store.get(supplierKey), opts);
  await store.put(supplierKey, profile);
  return profile;
}

/** The profile learned from one corrected document, merged into the previous one; stores nothing. */
export async function learnProfile(
  supplierKey: string,
  document: Uint8Array,
  corrected: Partial<TReaderResult>,
  previous: SupplierProfile | undefined,
  opts: ReadOptions = {},
): Promise<SupplierProfile> {
  const doc = await readWords(document, opts);
  return learnFromWords(doc, supplierKey, corrected, previous, opts.fileName);
}

/** Learns from a document's words; the generic reading of them tells which fields need the layout's help. */
export function learnFromWords(
  doc: DocumentWords,
  supplierKey: string,
  corrected: Partial<TReaderResult>,
  previous: SupplierProfile | undefined,
  fileName = 'document',
): SupplierProfile {
  const ctx = contextOf(doc);
  return learnFromContext(ctx, supplierKey, corrected, previous, extractAll(ctx, doc, fileName));
}
