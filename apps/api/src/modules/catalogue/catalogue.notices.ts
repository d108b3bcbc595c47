import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { documents, integrations, shopSuppliers } from '../../db/schema/index.js';
import type { TNotify } from '../notifications/notifications.service.js';

/**
 * The catalogue's events as notifications for the shop's members: its POS agent was disconnected or stopped
 * answering, and a read document has prices that moved past the shop's threshold. Given to the integrations and
 * matching services as their `onDisconnected`, `onSilent` and `onPriceChanges` hooks.
 */
export function createCatalogueNotices({ db, notify }: { db: TDb; notify: TNotify }) {
  async function integrationName(integrationId: number) {
    const [row] = await db
      .select({ name: integrations.name })
      .from(integrations)
      .where(eq(integrations.id, integrationId));
    return row?.name ?? 'The integration';
  }
  // The sidebar's link to an integration (spec §2): its name lowercased.
  const integrationLink = (shopId: number, name: string) =>
    `/shops/${shopId}/config/integrations/${name.toLowerCase()}/overview`;

  return {
    async onDisconnected(shopId: number, integrationId: number) {
      const name = await integrationName(integrationId);
      await notify({
        companyId: shopId,
        kind: 'integration_disconnected',
        title: `${name} was disconnected`,
        body: `Its agent's token no longer works, so the POS catalogue is not synced and processed orders are not sent to the POS. Pair the agent again with a new code to resume.`,
        link: integrationLink(shopId, name),
      });
    },

    async onSilent(shopId: number, integrationId: number, lastSeenAt: Date) {
      const name = await integrationName(integrationId);
      const since = lastSeenAt.toISOString().slice(0, 16).replace('T', ' ');
      await notify({
        companyId: shopId,
        kind: 'integration_disconnected',
        title: `${name} stopped answering`,
        body: `Its agent has not called since ${since} UTC, so the POS catalogue is not synced and processed orders wait to be sent to the POS. Check that the computer with the agent is on and the agent runs: it resumes by itself.`,
        link: integrationLink(shopId, name),
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
