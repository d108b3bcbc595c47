import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { documents, integrations, shopSuppliers } from '../../db/schema/index.js';
import type { TNotify } from '../notifications/notifications.service.js';

/**
 * The catalogue's events as notifications for the shop's members: its POS agent was disconnected, and a read
 * document has prices that moved past the shop's threshold. Given to the integrations and matching services as
 * their `onDisconnected` and `onPriceChanges` hooks.
 */
export function createCatalogueNotices({ db, notify }: { db: TDb; notify: TNotify }) {
  return {
    async onDisconnected(shopId: number, integrationId: number) {
      const [row] = await db
        .select({ name: integrations.name })
        .from(integrations)
        .where(eq(integrations.id, integrationId));
      const name = row?.name ?? 'The integration';
      await notify({
        companyId: shopId,
        kind: 'integration_disconnected',
        title: `${name} was disconnected`,
        body: `Its agent's token no longer works, so the POS catalogue is not synced and processed orders are not sent to the POS. Pair the agent again with a new code to resume.`,
        // The sidebar's link to an integration (spec §2): its name lowercased.
        link: `/shops/${shopId}/config/integrations/${name.toLowerCase()}/overview`,
      });
    },

    /** Runs in the reading job's transaction, so the notice exists exactly when the matches do. */
    async onPriceChanges(shopId: number, documentId: number, lines: number, tx: TDb) {
      const [row] = await tx
        .select({ doc: documents, supplier: shopSuppliers.name })
        .from(documents)
        .leftJoin(shopSuppliers, eq(shopSuppliers.id, documents.shopSupplierId))
        .where(eq(documents.id, documentId));
      if (!row) return;
      const number = row.doc.headers.invoiceNum ?? row.doc.headers.orderNum;
      const what = number
        ? `${row.doc.documentType === 'order' ? 'order' : 'invoice'} ${number}`
        : row.doc.fileName;
      await notify(
        {
          companyId: shopId,
          kind: 'price_change',
          title: `${lines} price${lines === 1 ? '' : 's'} changed on ${what} from ${row.supplier ?? 'your supplier'}`,
          body: `${lines === 1 ? 'A line costs' : `${lines} lines cost`} more or less than last time by more than your threshold; check ${lines === 1 ? 'it' : 'them'} before you pay.`,
          link: `/shops/${shopId}/products?view=price-changes`,
        },
        tx,
      );
    },
  };
}
