import type { ProfileStore, SupplierProfile } from '@orderbridge/reader';
import { eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { supplierProfiles } from '../../db/schema/index.js';

/** The reader's learned layouts, kept in the database per supplier company; each save counts one trained document. */
export function createProfileStore(db: TDb): ProfileStore {
  return {
    async get(supplierKey) {
      const [row] = await db
        .select()
        .from(supplierProfiles)
        .where(eq(supplierProfiles.supplierId, Number(supplierKey)));
      return row ? (row.profile as SupplierProfile) : undefined;
    },
    async put(supplierKey, profile) {
      await db
        .insert(supplierProfiles)
        .values({ supplierId: Number(supplierKey), profile, trainedDocuments: 1 })
        .onConflictDoUpdate({
          target: supplierProfiles.supplierId,
          set: {
            profile,
            trainedDocuments: sql`${supplierProfiles.trainedDocuments} + 1`,
            updatedAt: new Date(),
          },
        });
    },
  };
}
