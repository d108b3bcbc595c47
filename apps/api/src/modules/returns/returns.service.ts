import type {
  TCredit,
  TCreditAnswer,
  TCreditsQuery,
  TItemDispute,
  TPage,
  TReturn,
} from '@orderbridge/contract';
import { and, count, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import { creditLines, credits, returns } from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { csv } from '../../lib/csv.js';
import { round2 } from '../disputes/dispute-shapes.js';
import type { TDisputeScope, TDisputesService } from '../disputes/disputes.service.js';
import { creditsOf, returnsOf } from './returns.repository.js';

type TActor = TDisputeScope & { userId: string };
const money = (n: number) => n.toFixed(2);

/** The lines a credit covers: each settles (part of) one dispute. */
export type TCreditLineInput = {
  disputeId: number | null;
  amount: number;
  itemCode?: string | null;
  description?: string | null;
  quantity?: number | null;
};

export function createReturnsService({
  db,
  disputes: disputesService,
}: {
  db: TDb;
  disputes: TDisputesService;
}) {
  const scoped = (scope: TDisputeScope) =>
    scope.side === 'shops' ? eq(credits.shopId, scope.companyId) : eq(credits.supplierId, scope.companyId);

  /** What is still disputed: the dispute's value minus its applied credits. */
  async function outstanding(actor: TActor, disputeId: number) {
    const row = await disputesService.findRow(actor, disputeId);
    return { dispute: row.dispute, open: round2(row.dispute.disputeVal - Number(row.totalCredit)) };
  }

  /**
   * Records a credit with its lines and lets every dispute it covers follow (resolved when covered).
   * Runs inside the caller's transaction; the caller writes the thread message (it knows the new total).
   */
  async function recordCredit(
    tx: TDb,
    actor: TActor | null,
    credit: {
      shopId: number;
      supplierId: number;
      creditNoteNum: string | null;
      creditDate: string | null;
      amount: number;
      source: 'answer' | 'credit_note';
      documentId?: number | null;
      reference?: string | null;
    },
    lines: TCreditLineInput[],
  ) {
    const [created] = await tx
      .insert(credits)
      .values({ ...credit, status: 'applied', createdBy: actor?.userId ?? null })
      .returning();
    await tx.insert(creditLines).values(lines.map((l) => ({ ...l, creditId: created!.id })));
    const results = [];
    for (const line of lines) {
      if (!line.disputeId) continue;
      const what = `Credit ${credit.creditNoteNum ?? ''} of ${money(line.amount)}`.replace('  ', ' ');
      const result = await disputesService.answered(tx, actor, line.disputeId, what);
      results.push({ disputeId: line.disputeId, ...result });
    }
    return { credit: created!, results };
  }

  return {
    recordCredit,

    /** The supplier answers a dispute with a credit (partial credits add up). */
    async credit(actor: TActor, disputeId: number, input: TCreditAnswer): Promise<TItemDispute> {
      const { dispute, open } = await outstanding(actor, disputeId);
      if (dispute.status !== 'open' && dispute.status !== 'accepted')
        throw new AppError('CONFLICT', `A dispute that is ${dispute.status} cannot be credited.`);
      if (input.amount > open + 0.005) {
        throw new AppError('BAD_REQUEST', `The credit is more than the ${money(open)} still disputed.`, {
          amount: [`At most ${money(open)}`],
        });
      }
      let summary = '';
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        const { results } = await recordCredit(
          tx,
          actor,
          {
            shopId: dispute.shopId,
            supplierId: dispute.supplierId,
            creditNoteNum: input.creditNoteNum,
            creditDate: input.creditDate,
            amount: input.amount,
            source: 'answer',
          },
          [{ disputeId, amount: input.amount, quantity: null }],
        );
        const r = results[0]!;
        summary = `Credit note ${input.creditNoteNum} of ${money(input.amount)} issued; ${money(r.credited)} of ${money(dispute.disputeVal)} credited${r.status === 'resolved' ? ', the dispute is resolved' : ''}.`;
        await disputesService.postAnswer(
          tx,
          actor,
          disputeId,
          input.message ? `${summary}\n\n${input.message}` : summary,
        );
      });
      await disputesService.notifyShop(disputeId, summary, 'dispute_credited');
      return disputesService.detail(actor, disputeId);
    },

    /** The supplier answers with a collection of the goods; its steps follow on the Returns page. */
    async requestReturn(actor: TActor, disputeId: number, input: { note?: string; message?: string }) {
      const { dispute } = await outstanding(actor, disputeId);
      if (dispute.status !== 'open' && dispute.status !== 'accepted')
        throw new AppError('CONFLICT', `A dispute that is ${dispute.status} cannot get a return.`);
      const [running] = await db
        .select({ id: returns.id })
        .from(returns)
        .where(and(eq(returns.disputeId, disputeId), eq(returns.status, 'requested')));
      if (running) throw new AppError('CONFLICT', 'A collection is already requested for this dispute.');
      const summary = `Return requested: ${dispute.quantity} to be collected${input.note ? ` (${input.note})` : ''}.`;
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        await tx.insert(returns).values({
          disputeId,
          shopId: dispute.shopId,
          supplierId: dispute.supplierId,
          quantity: dispute.quantity,
          note: input.note || null,
          requestedBy: actor.userId,
        });
        await disputesService.answered(tx, actor, disputeId, summary);
        await disputesService.postAnswer(
          tx,
          actor,
          disputeId,
          input.message ? `${summary}\n\n${input.message}` : summary,
        );
      });
      await disputesService.notifyShop(disputeId, summary);
      return disputesService.detail(actor, disputeId);
    },

    /** The next step of a collection, in order; `credited` issues the credit that closes it. */
    async returnStep(
      actor: TActor,
      returnId: number,
      input: {
        step: 'collected' | 'received' | 'credited';
        creditNoteNum?: string;
        creditDate?: string;
        amount?: number;
      },
    ): Promise<TReturn> {
      const [ret] = await db
        .select()
        .from(returns)
        .where(and(eq(returns.id, returnId), eq(returns.supplierId, actor.companyId)));
      if (!ret) throw notFound('This return');
      const order = ['requested', 'collected', 'received', 'credited'] as const;
      const expected = order[order.indexOf(ret.status) + 1];
      if (input.step !== expected) {
        throw new AppError(
          'CONFLICT',
          expected
            ? `This return is ${ret.status}; the next step is ${expected}.`
            : 'This return is already credited.',
        );
      }
      const now = new Date();
      if (input.step !== 'credited') {
        const summary = `Return ${input.step}: ${ret.quantity} ${input.step === 'collected' ? 'collected from the shop' : 'received by the supplier'}.`;
        await db.transaction(async (t) => {
          const tx = t as unknown as TDb;
          await tx
            .update(returns)
            .set(
              input.step === 'collected'
                ? { status: 'collected', collectedAt: now, collectedBy: actor.userId }
                : { status: 'received', receivedAt: now, receivedBy: actor.userId },
            )
            .where(eq(returns.id, returnId));
          await disputesService.answered(tx, actor, ret.disputeId, summary);
          await disputesService.postAnswer(tx, actor, ret.disputeId, summary);
        });
        await disputesService.notifyShop(ret.disputeId, summary, 'return_step');
      } else {
        const { open } = await outstanding(actor, ret.disputeId);
        const amount = input.amount ?? open;
        const errors: Record<string, string[]> = {};
        if (!input.creditNoteNum) errors.creditNoteNum = ['Enter the credit note number'];
        if (!input.creditDate) errors.creditDate = ['Enter the credit note date'];
        if (amount <= 0 || amount > open + 0.005) errors.amount = [`At most ${money(open)}`];
        if (Object.keys(errors).length)
          throw new AppError('BAD_REQUEST', 'The credit of a return needs its credit note.', errors);
        let summary = '';
        await db.transaction(async (t) => {
          const tx = t as unknown as TDb;
          const { credit, results } = await recordCredit(
            tx,
            actor,
            {
              shopId: ret.shopId,
              supplierId: ret.supplierId,
              creditNoteNum: input.creditNoteNum!,
              creditDate: input.creditDate!,
              amount,
              source: 'answer',
            },
            [{ disputeId: ret.disputeId, amount, quantity: ret.quantity }],
          );
          await tx
            .update(returns)
            .set({ status: 'credited', creditedAt: now, creditedBy: actor.userId, creditId: credit.id })
            .where(eq(returns.id, returnId));
          const r = results[0]!;
          summary = `Return credited with credit note ${input.creditNoteNum} of ${money(amount)}${r.status === 'resolved' ? '; the dispute is resolved' : ''}.`;
          await disputesService.postAnswer(tx, actor, ret.disputeId, summary);
        });
        await disputesService.notifyShop(ret.disputeId, summary, 'dispute_credited');
      }
      const [updated] = await returnsOf(db, { where: eq(returns.id, returnId), limit: 1, offset: 0 });
      return updated!;
    },

    async listReturns(
      scope: TDisputeScope,
      query: { page: number; perpage: number; status?: TReturn['status'] },
    ): Promise<TPage<TReturn>> {
      const where = and(
        scope.side === 'shops'
          ? eq(returns.shopId, scope.companyId)
          : eq(returns.supplierId, scope.companyId),
        query.status ? eq(returns.status, query.status) : undefined,
      ) as SQL;
      const [[total], data] = await Promise.all([
        db.select({ n: count() }).from(returns).where(where),
        returnsOf(db, { where, limit: query.perpage, offset: (query.page - 1) * query.perpage }),
      ]);
      return { total: total?.n ?? 0, page: query.page, perPage: query.perpage, data };
    },

    async listCredits(scope: TDisputeScope, query: TCreditsQuery): Promise<TPage<TCredit>> {
      const where = creditWhere(scope, query);
      const [[total], data] = await Promise.all([
        db.select({ n: count() }).from(credits).where(where),
        creditsOf(db, { where, limit: query.perpage, offset: (query.page - 1) * query.perpage }),
      ]);
      return { total: total?.n ?? 0, page: query.page, perPage: query.perpage, data };
    },

    /** CSV of credits in a date range, one row per credit line (what each credit settled). */
    async exportCredits(scope: TDisputeScope, range: { from?: string; to?: string }) {
      const rows = await creditsOf(db, { where: creditWhere(scope, range), limit: 100_000, offset: 0 });
      return csv(
        [
          'credit',
          'date',
          'credit note',
          'credit note date',
          scope.side === 'shops' ? 'supplier' : 'shop',
          'status',
          'credit amount',
          'dispute',
          'item code',
          'description',
          'line amount',
        ],
        rows.flatMap((c) =>
          (c.lines.length ? c.lines : [null]).map((l) => [
            c.id,
            c.createdDate.slice(0, 10),
            c.creditNoteNum,
            c.creditDate,
            scope.side === 'shops' ? c.supplierName : c.shopName,
            c.status,
            money(c.amount),
            l?.disputeId,
            l?.itemCode,
            l?.description,
            l ? money(l.amount) : null,
          ]),
        ),
      );
    },
  };

  function creditWhere(
    scope: TDisputeScope,
    q: { status?: 'applied' | 'review'; from?: string; to?: string },
  ) {
    return and(
      scoped(scope),
      q.status ? eq(credits.status, q.status) : undefined,
      q.from ? gte(credits.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
      q.to ? lte(credits.createdAt, new Date(`${q.to}T23:59:59.999Z`)) : undefined,
    ) as SQL;
  }
}
export type TReturnsService = ReturnType<typeof createReturnsService>;
