import {
  DISPUTE_REASON_TEXT,
  type TCredit,
  type TCreditAnswer,
  type TCreditDetail,
  type TCreditsQuery,
  type TItemDispute,
  type TPage,
  type TReturn,
  type TReturnsQuery,
} from '@orderbridge/contract';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.js';
import {
  creditLines,
  credits,
  documentItems,
  documents,
  returns,
  shopSuppliers,
} from '../../db/schema/index.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { csv } from '../../lib/csv.js';
import { round2 } from '../disputes/dispute-shapes.js';
import type { TDisputeScope, TDisputesService } from '../disputes/disputes.service.js';
import type { TDocumentsService } from '../orders/documents.service.js';
import { creditFilters, creditsList, creditsOf, returnsList, returnsOf } from './returns.repository.js';

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

type TDeps = { db: TDb; disputes: TDisputesService; documents: TDocumentsService };

/** Letters and digits only, lower case: "INV-1001" and "inv 1001" are the same reference. */
const norm = (s: string | null | undefined) => (s ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

export function createReturnsService({ db, disputes: disputesService, documents: documentsService }: TDeps) {
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

  /**
   * Matches the lines of a read credit note to the open disputes of its shop and supplier: the order or invoice
   * number it names narrows the disputes, then each line is matched by item code, else description, else (a line
   * with neither, one candidate left) amount. Every line matched and covering exactly what is open → the credit is applied and
   * the disputes close; anything else waits in review with the reasons in words.
   */
  async function matchCreditNote(documentId: number) {
    const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
    // A credit note from an unknown email sender is matched once a person chose its supplier.
    if (doc?.documentType !== 'creditNote' || doc.shopSupplierId === null) return;
    // The reading job may run twice; the first match stands.
    const [known] = await db
      .select({ id: credits.id })
      .from(credits)
      .where(eq(credits.documentId, documentId));
    if (known) return;
    const [link] = await db.select().from(shopSuppliers).where(eq(shopSuppliers.id, doc.shopSupplierId));
    const lines = await db
      .select()
      .from(documentItems)
      .where(eq(documentItems.documentId, documentId))
      .orderBy(asc(documentItems.lineNo));
    const candidates = await disputesService.creditable(doc.shopId, link!.supplierId);
    // Every header except the credit note's own number and dates may name the order or invoice it corrects.
    const named = Object.entries(doc.headers)
      .filter(([k]) => !['invoiceNum', 'invoiceDate', 'dueDate'].includes(k))
      .map(([, v]) => norm(v))
      .filter(Boolean);
    const referenced = candidates.filter(
      (c) =>
        (c.invoiceNum && named.includes(norm(c.invoiceNum))) ||
        (c.orderNum && named.includes(norm(c.orderNum))),
    );
    const pool = referenced.length ? referenced : candidates;
    const reasons: string[] = [];
    if (!candidates.length) reasons.push(`${link!.name} has no open dispute with this shop.`);
    else if (!referenced.length)
      reasons.push(
        'It names no order or invoice with an open dispute, so its lines were matched by item only.',
      );
    if (!lines.length) reasons.push('No lines could be read from it.');
    const used = new Set<number>();
    const matched: TCreditLineInput[] = lines.map((line) => {
      const amount = round2(Math.abs(line.amount ?? (line.itemQty ?? 0) * (line.price ?? 0)));
      const label = `Line ${line.lineNo} (${[line.itemCode, line.itemDesc].filter(Boolean).join(' ') || 'no description'}, ${money(amount)})`;
      const free = pool.filter((c) => !used.has(c.dispute.id));
      const byCode = line.itemCode ? free.filter((c) => norm(c.itemCode) === norm(line.itemCode)) : [];
      const desc = norm(line.itemDesc);
      const byDesc =
        byCode.length || desc.length < 4
          ? byCode
          : free.filter((c) => {
              const d = norm(c.itemDesc);
              return d.length >= 4 && (d === desc || d.includes(desc) || desc.includes(d));
            });
      // A line that shows neither code nor description may still be the one dispute left with its exact amount.
      const anonymous = !line.itemCode && desc.length < 4;
      const byAmount =
        !anonymous || free.length !== 1 || Math.abs(free[0]!.open - amount) > 0.005 ? byDesc : free;
      // Several disputes on one item: the one this line exactly covers, else it is ambiguous.
      const exact = byAmount.filter((c) => Math.abs(c.open - amount) <= 0.005);
      const pick = byAmount.length === 1 ? byAmount[0] : exact.length === 1 ? exact[0] : undefined;
      if (!pick) {
        reasons.push(
          byAmount.length
            ? `${label} fits ${byAmount.length} open disputes; choose one.`
            : `${label} matches no open dispute.`,
        );
      } else {
        used.add(pick.dispute.id);
        if (amount > pick.open + 0.005)
          reasons.push(`${label} credits more than the ${money(pick.open)} still disputed on it.`);
        else if (amount < pick.open - 0.005)
          reasons.push(`${label} covers part of the ${money(pick.open)} disputed on it.`);
      }
      return {
        disputeId: pick?.dispute.id ?? null,
        amount,
        itemCode: line.itemCode,
        description: line.itemDesc,
        quantity: line.itemQty === null ? null : Math.abs(line.itemQty),
      };
    });
    const total = round2(matched.reduce((s, l) => s + l.amount, 0) || Math.abs(doc.totals.subtotal ?? 0));
    const credit = {
      shopId: doc.shopId,
      supplierId: link!.supplierId,
      creditNoteNum: doc.headers.invoiceNum ?? null,
      creditDate: doc.headers.invoiceDate ?? null,
      amount: total,
      source: 'credit_note' as const,
      documentId,
      reference: doc.headers.orderNum ?? doc.headers.reference ?? null,
    };
    await db.transaction(async (t) => {
      const tx = t as unknown as TDb;
      if (!reasons.length) {
        await recordCredit(tx, null, credit, matched);
        for (const line of matched)
          await disputesService.postSystemNote(
            tx,
            line.disputeId!,
            `Credit note ${credit.creditNoteNum ?? ''} read: ${money(line.amount)} credited.`.replace(
              '  ',
              ' ',
            ),
          );
        // Told in the same transaction: whoever sees the credit also finds its notifications, and a worker that
        // dies after the commit loses none.
        for (const line of matched) {
          await disputesService.notifyShop(
            line.disputeId!,
            `Credit note ${credit.creditNoteNum ?? ''} of ${money(line.amount)} was read and recorded.`,
            'dispute_credited',
            tx,
          );
          await disputesService.notifySupplierCredited(tx, line.disputeId!, credit.creditNoteNum);
        }
      } else {
        const [created] = await tx
          .insert(credits)
          .values({ ...credit, status: 'review', reviewReason: reasons.join(' ') })
          .returning();
        if (matched.length)
          await tx.insert(creditLines).values(matched.map((l) => ({ ...l, creditId: created!.id })));
      }
      // Settled as a credit: it never becomes an order.
      await tx
        .update(documents)
        .set({ status: 'processed', processedAt: new Date() })
        .where(eq(documents.id, documentId));
    });
  }

  const service = {
    recordCredit,
    matchCreditNote,

    /** A supplier uploads a credit note for one of its client shops; it is read like any document, then matched. */
    async uploadCreditNote(actor: TActor, shopId: number, file: { bytes: Buffer; fileName: string }) {
      const [link] = await db
        .select()
        .from(shopSuppliers)
        .where(and(eq(shopSuppliers.supplierId, actor.companyId), eq(shopSuppliers.shopId, shopId)));
      if (!link)
        throw new AppError('NOT_FOUND', 'This shop is not one of your clients.', {
          ShopId: ['Choose one of your client shops'],
        });
      const uploaded = await documentsService.upload({
        shopId,
        userId: actor.userId,
        shopSupplierId: link.id,
        memo: 'Credit note uploaded by the supplier',
        fileName: file.fileName,
        bytes: file.bytes,
      });
      return {
        message: 'The credit note is being read; it will be matched to the open disputes of this shop.',
        documentId: uploaded.tempOrderId,
      };
    },

    /** One credit; while it waits in review, with the open disputes its lines may be assigned to. */
    async creditDetail(actor: TActor, creditId: number): Promise<TCreditDetail> {
      const [credit] = await creditsOf(db, {
        where: and(eq(credits.id, creditId), scoped(actor)) as SQL,
        limit: 1,
        offset: 0,
      });
      if (!credit) throw notFound('This credit');
      const candidates =
        credit.status === 'review'
          ? (await disputesService.creditable(credit.shopId, credit.supplierId)).map((c) => ({
              disputeId: c.dispute.id,
              orderId: c.dispute.orderId,
              invoiceNum: c.invoiceNum,
              orderNum: c.orderNum,
              itemCode: c.itemCode,
              itemDesc: c.itemDesc,
              reasonText: DISPUTE_REASON_TEXT[c.dispute.reason],
              disputeVal: c.dispute.disputeVal,
              open: c.open,
            }))
          : [];
      return { ...credit, candidates };
    },

    /**
     * A person assigns a line of a credit note that could not be matched by itself to one open dispute of the same
     * shop and supplier (or clears it); applying the credit then settles what the lines name.
     */
    async assignLine(
      actor: TActor,
      creditId: number,
      lineId: number,
      disputeId: number | null,
    ): Promise<TCreditDetail> {
      const [credit] = await db
        .select()
        .from(credits)
        .where(and(eq(credits.id, creditId), scoped(actor)));
      if (!credit) throw notFound('This credit');
      if (credit.status !== 'review')
        throw new AppError('CONFLICT', 'This credit is already applied; its lines can no longer change.');
      const lines = await db.select().from(creditLines).where(eq(creditLines.creditId, creditId));
      const line = lines.find((l) => l.id === lineId);
      if (!line) throw notFound('This line of the credit');
      if (disputeId !== null) {
        const open = await disputesService.creditable(credit.shopId, credit.supplierId);
        if (!open.some((c) => c.dispute.id === disputeId)) {
          throw new AppError('BAD_REQUEST', 'Choose one of the open disputes of this shop and supplier.', {
            disputeId: ['Not an open dispute between this shop and supplier'],
          });
        }
        const taken = lines.find((l) => l.id !== lineId && l.disputeId === disputeId);
        if (taken) {
          throw new AppError('BAD_REQUEST', 'Another line of this credit already settles that dispute.', {
            disputeId: [`Already assigned to the line ${taken.itemCode ?? taken.description ?? taken.id}`],
          });
        }
      }
      await db.update(creditLines).set({ disputeId }).where(eq(creditLines.id, lineId));
      return service.creditDetail(actor, creditId);
    },

    /** A person confirms a credit waiting in review: its lines that name a dispute are applied as they stand. */
    async applyReviewed(actor: TActor, creditId: number) {
      const [credit] = await db
        .select()
        .from(credits)
        .where(and(eq(credits.id, creditId), scoped(actor)));
      if (!credit) throw notFound('This credit');
      if (credit.status !== 'review') throw new AppError('CONFLICT', 'This credit is already applied.');
      const lines = await db.select().from(creditLines).where(eq(creditLines.creditId, creditId));
      const open = new Map(
        (await disputesService.creditable(credit.shopId, credit.supplierId)).map((c) => [
          c.dispute.id,
          c.open,
        ]),
      );
      const usable = lines.filter((l) => l.disputeId !== null);
      if (!usable.length)
        throw new AppError(
          'CONFLICT',
          'None of its lines is matched to an open dispute; it cannot be applied.',
        );
      for (const l of usable) {
        const left = open.get(l.disputeId!);
        if (left === undefined || l.amount > left + 0.005)
          throw new AppError(
            'CONFLICT',
            `Line ${l.itemCode ?? l.description ?? l.id} credits ${money(l.amount)} but ${money(left ?? 0)} is open on its dispute.`,
          );
      }
      await db.transaction(async (t) => {
        const tx = t as unknown as TDb;
        await tx.update(credits).set({ status: 'applied' }).where(eq(credits.id, creditId));
        for (const l of usable)
          await disputesService.answered(
            tx,
            actor,
            l.disputeId!,
            `Credit ${credit.creditNoteNum ?? ''} of ${money(l.amount)} applied after review`.replace(
              '  ',
              ' ',
            ),
          );
      });
      const [updated] = await creditsOf(db, { where: eq(credits.id, creditId), limit: 1, offset: 0 });
      return updated!;
    },

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
      const [updated] = await returnsOf(db, { id: returnId });
      return updated!;
    },

    listReturns: (scope: TDisputeScope, query: TReturnsQuery): Promise<TPage<TReturn>> =>
      returnsList.run(db, scope, query),

    listCredits: (scope: TDisputeScope, query: TCreditsQuery): Promise<TPage<TCredit>> =>
      creditsList.run(db, scope, query),

    /** CSV of credits in a date range, one row per credit line (what each credit settled). */
    async exportCredits(scope: TDisputeScope, range: { from?: string; to?: string }) {
      const rows = await creditsOf(db, {
        where: and(...creditFilters(scope, range)) as SQL,
        limit: 100_000,
        offset: 0,
      });
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
  return service;
}
export type TReturnsService = ReturnType<typeof createReturnsService>;
