import type { TIssue, TItemInput, TParty, TReviewOrder, TTempItem } from '@orderbridge/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, CheckCircle2, Eye, EyeOff, Plus } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { useDocumentTitle } from '../../../components/ui/page';
import { PageSpinner, Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { toAppError, userMessage } from '../../../lib/errors';
import { LineMark } from '../../../lib/line-mark-context';
import { useLiveEvents } from '../../../lib/live-events';
import { useIsMobile } from '../../../lib/use-media-query';
import { useReviewOrder } from '../api/get-review-order';
import { orderKeys } from '../api/keys';
import { useProcessReviewOrder } from '../api/process-review-order';
import { type TReviewEdit, useReviewEdit } from '../api/update-review-order';
import { DocumentViewer } from '../components/document-viewer';
import {
  EditField,
  parseField,
  SaveTrackerContext,
  type TFieldKind,
  type TFieldValue,
} from '../components/edit-field';
import { formatMoney } from '../components/format';
import { FIELD_LABELS, issueBoxKeys, issuePlace, issuesOf } from '../components/review-issues';
import { UnknownSender } from '../components/unknown-sender';

/** `/shops/{id}/orders/review/{docId}`: check what the reader made of a document and turn it into an order. */
export default function ReviewPage() {
  const { companyId, basePath } = useCompany();
  const docId = Number(useParams().docId);
  if (!Number.isInteger(docId) || docId <= 0)
    return <Navigate to={`${basePath}/orders?tab=review`} replace />;
  return <ReviewScreen key={docId} shopId={companyId} docId={docId} />;
}

const HEADER_FIELDS: { column: string; kind?: TFieldKind }[] = [
  { column: 'invoiceNum' },
  { column: 'orderNum' },
  { column: 'invoiceDate', kind: 'date' },
  { column: 'dueDate', kind: 'date' },
  { column: 'reference' },
  { column: 'shopAccount' },
];
const PARTY_FIELDS: { column: keyof TParty; label: string; wide?: boolean }[] = [
  { column: 'name', label: 'Name', wide: true },
  { column: 'address', label: 'Address', wide: true },
  { column: 'postCode', label: 'Postcode' },
  { column: 'city', label: 'City' },
  { column: 'country', label: 'Country' },
  { column: 'vatNumber', label: 'VAT number' },
];
const TOTAL_FIELDS = ['subtotal', 'discount', 'charges', 'net', 'vat', 'invoiceTotal'] as const;
const ITEM_COLUMNS: { column: keyof TItemInput; label: string; kind: TFieldKind; className: string }[] = [
  { column: 'itemCode', label: 'Code', kind: 'text', className: 'w-24' },
  { column: 'itemDesc', label: 'Description', kind: 'text', className: 'min-w-40' },
  { column: 'itemQty', label: 'Qty', kind: 'number', className: 'w-20' },
  { column: 'price', label: 'Price', kind: 'money', className: 'w-24' },
  { column: 'amount', label: 'Amount', kind: 'money', className: 'w-28' },
];
/** Fields the screen shows; issues about anything else are listed at the top. */
const SHOWN = new Set([
  ...HEADER_FIELDS.map((f) => `headers.${f.column}`),
  ...(['vendor', 'recipient', 'invoiceTo'] as const).flatMap((p) =>
    PARTY_FIELDS.map((f) => `${p}.${f.column}`),
  ),
  ...TOTAL_FIELDS.map((f) => `totals.${f}`),
  ...ITEM_COLUMNS.map((c) => `items.${c.column}`),
]);

function ReviewScreen({ shopId, docId }: { shopId: number; docId: number }) {
  const { basePath } = useCompany();
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const query = useReviewOrder(shopId, docId);
  const qc = useQueryClient();
  // A document still being read on screen is shown once its reading ends (before that there is nothing to edit).
  useLiveEvents((event) => {
    if (event.type !== 'document' || event.data.documentId !== docId || event.data.stage === 'reading')
      return;
    if (query.data?.status === 'reading')
      void qc.invalidateQueries({ queryKey: orderKeys.review(shopId, docId) });
  });
  const edit = useReviewEdit(shopId, docId);
  const process = useProcessReviewOrder(shopId, docId);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [refused, setRefused] = useState<string[] | null>(null);
  const [processError, setProcessError] = useState<string | null>(null);
  // Once shown for a document without a supplier, the chooser stays to offer the sender's address afterwards.
  const choosingSupplier = useRef(false);
  const [showDocument, setShowDocument] = useState(true);
  const [allPartyFields, setAllPartyFields] = useState(false);
  const pending = useRef(new Set<Promise<unknown>>());
  const doc = query.data;
  useDocumentTitle(doc?.headers.invoiceNum ? `Review ${doc.headers.invoiceNum}` : 'Review order');

  const track = useCallback((p: Promise<unknown>) => {
    pending.current.add(p);
    const done = () => pending.current.delete(p);
    p.then(done, done);
  }, []);
  const save = useCallback((e: TReviewEdit) => edit.mutateAsync(e), [edit.mutateAsync]);

  const runProcess = useCallback(
    async (override: boolean) => {
      // The field being edited is saved first (leaving it saves), then every save in flight lands.
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      await new Promise((r) => setTimeout(r, 0));
      await Promise.allSettled([...pending.current]);
      setProcessError(null);
      try {
        const done = await process.mutateAsync(override);
        setRefused(null);
        const number = done.headers.invoiceNum ?? done.headers.orderNum;
        notify.success(number ? `Order ${number} was processed.` : 'The order was processed.');
        navigate(done.orderId ? `${basePath}/orders/${done.orderId}` : `${basePath}/orders`);
      } catch (e) {
        const err = toAppError(e);
        const issues = err.status === 409 ? err.fieldErrors?.issues : undefined;
        if (issues?.length) setRefused(issues);
        else setProcessError(err.status === 409 && err.serverMessage ? err.serverMessage : userMessage(e));
      }
    },
    [process.mutateAsync, navigate, basePath],
  );

  // Ctrl+Enter (Cmd+Enter) processes from anywhere on the screen.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key === 'Enter' &&
        (e.ctrlKey || e.metaKey) &&
        doc?.status === 'pending_review' &&
        !process.isPending
      ) {
        e.preventDefault();
        void runProcess(false);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [runProcess, doc?.status, process.isPending]);

  const issueKeys = useMemo(() => (doc ? issueBoxKeys(doc) : new Set<string>()), [doc]);

  /** A box on the document was clicked: go to the field read from it. */
  const pick = useCallback((key: string) => {
    setActiveKey(key);
    const el = document.querySelector<HTMLElement>(`[data-box="${CSS.escape(key)}"]`);
    el?.focus();
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, []);

  if (query.isPending) return <PageSpinner label="Loading the document" />;
  if (query.isError || !doc) {
    return (
      <div className="space-y-4">
        <BackLink to={`${basePath}/orders?tab=review`} />
        <Alert tone="error">{userMessage(query.error)}</Alert>
      </div>
    );
  }
  if (doc.status === 'reading') {
    return (
      <div className="space-y-4">
        <BackLink to={`${basePath}/orders?tab=review`} />
        <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
          <Spinner size={28} label="" className="text-brand-600" />
          <h1 className="text-lg font-semibold text-slate-900">Reading {doc.fileName}…</h1>
          <p className="text-sm text-slate-600">
            This takes a few seconds; the fields appear here as soon as it is done.
          </p>
        </Card>
      </div>
    );
  }

  const editable = doc.status === 'pending_review' || doc.status === 'failed';
  if (doc.supplier === null) choosingSupplier.current = true;
  const fieldIssues = (table: string, column: string, itemId: number | null = null) =>
    issuesOf(doc.issues, table, column, itemId);
  const loose = doc.issues.filter((i) => !SHOWN.has(`${i.table}.${i.column}`));
  const focusBox = (key: string | null) => setActiveKey(key && doc.boxes[key] ? key : null);
  const partyEdit = (section: 'vendor' | 'recipient' | 'invoiceTo', column: string) => (v: TFieldValue) =>
    save({ kind: 'order', patch: { [section]: { [column]: v ?? '' } } });

  return (
    <SaveTrackerContext.Provider value={track}>
      <div className="space-y-4 pb-2">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <BackLink to={`${basePath}/orders?tab=review`} />
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">
              Review {doc.headers.invoiceNum ? `invoice ${doc.headers.invoiceNum}` : doc.fileName}
            </h1>
            <p className="text-sm text-slate-600">
              {doc.supplier?.shopSupplierName ?? 'Unknown sender'} · {doc.pages}{' '}
              {doc.pages === 1 ? 'page' : 'pages'}
              {doc.uploadedVia === 'email'
                ? ` · by email${doc.emailSender ? ` from ${doc.emailSender}` : ''}`
                : ''}
              {doc.isInTraining && doc.supplier
                ? ' · OrderBridge is still learning this supplier’s layout'
                : ''}
            </p>
          </div>
          {isMobile ? (
            <Button variant="secondary" size="sm" onClick={() => setShowDocument((s) => !s)}>
              {showDocument ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
              {showDocument ? 'Hide document' : 'Show document'}
            </Button>
          ) : null}
        </div>
        {doc.status === 'processed' ? (
          <Alert tone="success" title="This document is already an order.">
            {doc.orderId ? (
              <Link to={`${basePath}/orders/${doc.orderId}`} className="font-semibold underline">
                Open the order
              </Link>
            ) : null}
          </Alert>
        ) : null}
        {choosingSupplier.current && editable ? <UnknownSender shopId={shopId} doc={doc} /> : null}
        {doc.status === 'failed' ? (
          <Alert tone="error" title="The document could not be read.">
            Fill in the fields from the document yourself, or upload a clearer copy.
          </Alert>
        ) : null}
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
          {showDocument || !isMobile ? (
            <div className="h-[55vh] min-w-0 lg:sticky lg:top-[4.5rem] lg:h-[calc(100dvh-10.5rem)]">
              <DocumentViewer
                shopId={shopId}
                doc={doc}
                activeKey={activeKey}
                issueKeys={issueKeys}
                onPick={pick}
              />
            </div>
          ) : null}
          <div className="min-w-0 space-y-4">
            {doc.issues.length ? <IssueSummary doc={doc} loose={loose} onGo={pick} /> : null}
            <fieldset disabled={!editable} className="min-w-0 space-y-4">
              <Section title="Invoice">
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {HEADER_FIELDS.map((f) => (
                    <EditField
                      key={f.column}
                      label={FIELD_LABELS[`headers.${f.column}`] ?? f.column}
                      kind={f.kind}
                      value={doc.headers[f.column as keyof TReviewOrder['headers']]}
                      issues={fieldIssues('headers', f.column)}
                      boxKey={`headers.${f.column}`}
                      onFocusBox={focusBox}
                      onSave={(v) => save({ kind: 'order', patch: { headers: { [f.column]: v ?? '' } } })}
                    />
                  ))}
                  <EditField
                    label="Currency"
                    value={doc.currency ?? ''}
                    onFocusBox={focusBox}
                    onSave={(v) =>
                      save({ kind: 'order', patch: { currency: String(v ?? '').toUpperCase() } })
                    }
                  />
                </div>
              </Section>
              <Section title="Parties">
                <div className="grid gap-4 md:grid-cols-3">
                  {(
                    [
                      ['vendor', 'Supplier'],
                      ['recipient', 'Deliver to'],
                      ['invoiceTo', 'Invoice to'],
                    ] as const
                  ).map(([section, title]) => (
                    <fieldset key={section} className="min-w-0 space-y-2">
                      <legend className="mb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                        {title}
                      </legend>
                      {PARTY_FIELDS.filter(
                        (f) =>
                          (section === 'vendor' || f.column !== 'vatNumber') &&
                          (allPartyFields ||
                            f.wide ||
                            doc[section][f.column] ||
                            fieldIssues(section, f.column).length > 0),
                      ).map((f) => (
                        <EditField
                          key={f.column}
                          label={`${title} ${f.label.toLowerCase()}`}
                          value={doc[section][f.column]}
                          issues={fieldIssues(section, f.column)}
                          boxKey={`${section}.${f.column}`}
                          onFocusBox={focusBox}
                          onSave={partyEdit(section, f.column)}
                        />
                      ))}
                    </fieldset>
                  ))}
                </div>
                {allPartyFields ? null : (
                  <Button
                    size="sm"
                    variant="ghost"
                    className="mt-2 -ml-2"
                    onClick={() => setAllPartyFields(true)}
                  >
                    <Plus size={14} aria-hidden="true" /> Show all address fields
                  </Button>
                )}
              </Section>
              <ItemsSection doc={doc} save={save} focusBox={focusBox} editable={editable} />
              <Section title="Totals">
                <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {TOTAL_FIELDS.map((f) => (
                    <EditField
                      key={f}
                      label={FIELD_LABELS[`totals.${f}`] ?? f}
                      kind="money"
                      value={doc.totals[f]}
                      issues={fieldIssues('totals', f)}
                      boxKey={`totals.${f}`}
                      onFocusBox={focusBox}
                      onSave={(v) => save({ kind: 'order', patch: { totals: { [f]: v } } })}
                    />
                  ))}
                </div>
                <p className="mt-2 text-xs text-slate-500">
                  Lines add up to{' '}
                  <span className="tabular font-medium text-slate-700">
                    {formatMoney(
                      Math.round(doc.items.reduce((s, i) => s + (i.amount ?? 0), 0) * 100) / 100,
                      doc.currency,
                    )}
                  </span>
                  .
                </p>
              </Section>
              <Section title="Notes">
                <EditField
                  label="Notes for this order"
                  hideLabel
                  multiline
                  value={doc.otherData.notes ?? ''}
                  onFocusBox={focusBox}
                  onSave={(v) => save({ kind: 'order', patch: { notes: String(v ?? '') } })}
                />
              </Section>
            </fieldset>
          </div>
        </div>
        <footer className="sticky bottom-0 z-20 -mx-4 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur md:-mx-8 md:px-8">
          <p
            className="flex min-w-0 flex-1 items-center gap-2 text-sm"
            aria-live="polite"
            data-testid="issue-count"
          >
            {doc.issues.length ? (
              <>
                <AlertTriangle size={16} aria-hidden="true" className="shrink-0 text-amber-600" />
                <span className="font-medium text-amber-900">
                  {doc.issues.length} {doc.issues.length === 1 ? 'issue' : 'issues'} remaining
                </span>
              </>
            ) : (
              <>
                <CheckCircle2 size={16} aria-hidden="true" className="shrink-0 text-green-600" />
                <span className="font-medium text-green-800">No issues remaining</span>
              </>
            )}
          </p>
          {processError ? (
            <p className="w-full text-sm text-red-700 sm:order-first sm:w-auto" role="alert">
              {processError}
            </p>
          ) : null}
          <span className="hidden text-xs text-slate-500 sm:inline">
            <kbd className="rounded border border-slate-300 px-1">Ctrl</kbd>+
            <kbd className="rounded border border-slate-300 px-1">Enter</kbd>
          </span>
          <Button
            onClick={() => void runProcess(false)}
            loading={process.isPending}
            disabled={!editable || doc.supplier === null}
            title={doc.supplier === null ? 'Choose the supplier first' : undefined}
            aria-keyshortcuts="Control+Enter"
          >
            Process
          </Button>
        </footer>
      </div>
      <Dialog
        open={refused !== null}
        onOpenChange={(o) => !o && setRefused(null)}
        title="This order still has issues"
        description="The checks still find the problems below. Correct them, or process the order as it is."
      >
        <ul className="mb-4 space-y-1.5 text-sm text-slate-800">
          {(refused ?? []).map((i) => (
            <li key={i} className="flex gap-2">
              <AlertTriangle size={14} aria-hidden="true" className="mt-0.5 shrink-0 text-amber-600" />
              {i}
            </li>
          ))}
        </ul>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setRefused(null)}>
            Keep reviewing
          </Button>
          <Button loading={process.isPending} onClick={() => void runProcess(true)}>
            Process anyway
          </Button>
        </div>
      </Dialog>
    </SaveTrackerContext.Provider>
  );
}

function BackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
    >
      <ArrowLeft size={16} aria-hidden="true" /> Needs review
    </Link>
  );
}

function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Card className="p-4" role="group" aria-labelledby={id}>
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </Card>
  );
}

/** Every remaining issue in words, each a link to its field. */
function IssueSummary({
  doc,
  loose,
  onGo,
}: {
  doc: TReviewOrder;
  loose: TIssue[];
  onGo: (key: string) => void;
}) {
  const go = (i: TIssue) => {
    if (i.table === 'items') {
      const index = doc.items.findIndex((it) => it.id === i.tempOrderItemId);
      const el = document.querySelector<HTMLElement>(
        `[data-item="${i.tempOrderItemId}"][data-column="${i.column}"] input`,
      );
      if (el) {
        el.focus();
        el.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
        if (index >= 0) onGo(`items.${index}`);
        return;
      }
    }
    onGo(`${i.table}.${i.column}`);
  };
  return (
    <div className="rounded-xl border border-amber-200 bg-amber-50 p-4" data-testid="issue-summary">
      <h2 className="flex items-center gap-2 text-sm font-semibold text-amber-900">
        <AlertTriangle size={16} aria-hidden="true" /> Check{' '}
        {doc.issues.length === 1 ? 'this' : `these ${doc.issues.length}`} before processing
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {doc.issues.map((i) => (
          <li
            key={`${i.table}.${i.column}.${i.tempOrderItemId}.${i.description}`}
            className="flex flex-wrap gap-x-2"
          >
            <button
              type="button"
              onClick={() => go(i)}
              className="font-medium text-amber-950 underline decoration-amber-400 underline-offset-2 hover:decoration-amber-700"
            >
              {issuePlace(i, doc.items)}
            </button>
            <span className="text-amber-900">{i.description}</span>
            {loose.includes(i) ? <span className="sr-only">(not shown as a field)</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function ItemsSection({
  doc,
  save,
  focusBox,
  editable,
}: {
  doc: TReviewOrder;
  save: (e: TReviewEdit) => Promise<TReviewOrder>;
  focusBox: (key: string | null) => void;
  editable: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const isMobile = useIsMobile();
  // The lines' POS matches are fetched again when what they are matched on changes.
  const revision = doc.items.map((i) => `${i.itemCode}|${i.itemDesc}|${i.itemQty}|${i.price}`).join('\n');
  return (
    <Section
      title={`Items (${doc.items.length})`}
      action={
        editable && !adding ? (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            <Plus size={14} aria-hidden="true" /> Add item
          </Button>
        ) : null
      }
    >
      {doc.items.length === 0 && !adding ? (
        <p className="text-sm text-slate-600">No lines were read. Add them with ‘Add item’.</p>
      ) : null}
      <div className={cn(!isMobile && '-mx-4 overflow-x-auto px-4')}>
        <table className="w-full text-sm max-md:block">
          <caption className="sr-only">Items of the document</caption>
          <thead className="text-left text-xs font-medium text-slate-600 max-md:hidden">
            <tr>
              <th scope="col" className="w-8 pb-1.5">
                #
              </th>
              {ITEM_COLUMNS.map((c) => (
                <th
                  key={c.column}
                  scope="col"
                  className={cn('px-1 pb-1.5', c.kind !== 'text' && 'text-right')}
                >
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-3">
            {doc.items.map((item, index) => (
              <ItemRow
                key={item.id}
                item={item}
                index={index}
                doc={doc}
                save={save}
                focusBox={focusBox}
                revision={revision}
              />
            ))}
          </tbody>
        </table>
      </div>
      {adding ? <AddItem save={save} onDone={() => setAdding(false)} /> : null}
    </Section>
  );
}

function ItemRow({
  item,
  index,
  doc,
  save,
  focusBox,
  revision,
}: {
  item: TTempItem;
  index: number;
  doc: TReviewOrder;
  save: (e: TReviewEdit) => Promise<TReviewOrder>;
  focusBox: (key: string | null) => void;
  revision: string;
}) {
  const issuesId = useId();
  const issues = doc.issues.filter((i) => i.table === 'items' && i.tempOrderItemId === item.id);
  const boxKey = `items.${index}`;
  return (
    <>
      <tr
        className="align-top max-md:grid max-md:grid-cols-6 max-md:gap-2 max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:p-3"
        data-testid={`item-${item.lineNo}`}
      >
        <td className="tabular pt-2 text-xs text-slate-500 max-md:col-span-6 max-md:pt-0">
          <span className="md:sr-only">Line </span>
          {item.lineNo}
        </td>
        {ITEM_COLUMNS.map((c) => (
          <td
            key={c.column}
            className={cn(
              'px-1 py-1',
              c.className,
              c.column === 'itemDesc'
                ? 'max-md:col-span-6'
                : c.column === 'itemCode'
                  ? 'max-md:col-span-6'
                  : 'max-md:col-span-2',
              'max-md:w-auto max-md:p-0',
            )}
            data-item={item.id}
          >
            <ItemField
              item={item}
              column={c}
              issues={issuesOf(doc.issues, 'items', c.column, item.id)}
              boxKey={boxKey}
              focusBox={focusBox}
              save={save}
              describedBy={issues.length ? issuesId : undefined}
            />
          </td>
        ))}
      </tr>
      <tr className="max-md:block">
        <td />
        <td colSpan={ITEM_COLUMNS.length} className="px-1 max-md:block">
          <LineMark source={{ documentId: doc.id, revision }} lineNo={item.lineNo} />
        </td>
      </tr>
      {issues.length ? (
        <tr className="max-md:block">
          <td />
          <td colSpan={ITEM_COLUMNS.length} className="px-1 pb-2 max-md:block">
            <ul id={issuesId} className="space-y-0.5">
              {issues.map((i) => (
                <li key={`${i.column}.${i.description}`} className="flex gap-1 text-xs text-amber-900">
                  <AlertTriangle size={12} aria-hidden="true" className="mt-0.5 shrink-0 text-amber-600" />
                  <span>
                    <span className="font-medium">{FIELD_LABELS[`items.${i.column}`] ?? i.column}:</span>{' '}
                    {i.description}
                  </span>
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ) : null}
    </>
  );
}

function ItemField({
  item,
  column,
  issues,
  boxKey,
  focusBox,
  save,
  describedBy,
}: {
  item: TTempItem;
  column: (typeof ITEM_COLUMNS)[number];
  issues: TIssue[];
  boxKey: string;
  focusBox: (key: string | null) => void;
  save: (e: TReviewEdit) => Promise<TReviewOrder>;
  describedBy?: string;
}) {
  return (
    <div data-item={item.id} data-column={column.column} className="contents">
      <EditField
        label={`Line ${item.lineNo} ${column.label.toLowerCase()}`}
        hideLabel="desktop"
        kind={column.kind}
        value={item[column.column] as TFieldValue}
        issues={issues}
        listIssues={false}
        describedBy={describedBy}
        boxKey={column.column === 'itemCode' ? boxKey : undefined}
        onFocusBox={() => focusBox(boxKey)}
        onSave={(v) => save({ kind: 'item', itemId: item.id, input: { [column.column]: v } })}
      />
    </div>
  );
}

/** A line the reader missed. */
function AddItem({ save, onDone }: { save: (e: TReviewEdit) => Promise<TReviewOrder>; onDone: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const firstRef = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => firstRef.current?.focus(), []);

  const submit = async () => {
    const input: Record<string, string | number> = {};
    for (const c of ITEM_COLUMNS) {
      const parsed = parseField(c.kind, values[c.column] ?? '', undefined);
      if ('error' in parsed) {
        setError(`${c.label}: ${parsed.error}`);
        return;
      }
      if (parsed.value !== undefined && parsed.value !== '') input[c.column] = parsed.value;
    }
    if (Object.keys(input).length === 0) {
      setError('Fill in at least the description or the amount');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await save({ kind: 'add', input });
      notify.success('The item was added.');
      setValues({});
      onDone();
    } catch (e) {
      setError(userMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mt-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3"
      aria-label="New item"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-6">
        {ITEM_COLUMNS.map((c, i) => (
          <div
            key={c.column}
            className={cn(c.column === 'itemDesc' ? 'col-span-2 sm:col-span-2' : 'col-span-1')}
          >
            <label htmlFor={`${id}-${c.column}`} className="mb-1 block text-xs font-medium text-slate-700">
              New item {c.label.toLowerCase()}
            </label>
            <input
              ref={i === 0 ? firstRef : undefined}
              id={`${id}-${c.column}`}
              inputMode={c.kind === 'text' ? undefined : 'decimal'}
              value={values[c.column] ?? ''}
              onChange={(e) => setValues((v) => ({ ...v, [c.column]: e.target.value }))}
              className={cn(
                'h-10 w-full md:h-9 rounded-md border border-slate-300 bg-white px-2.5 text-sm focus:outline-2 focus:outline-brand-600',
                c.kind !== 'text' && 'tabular text-right',
              )}
            />
          </div>
        ))}
      </div>
      {error ? (
        <p className="mt-2 text-xs font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex justify-end gap-2">
        <Button size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button size="sm" type="submit" loading={busy}>
          Add
        </Button>
      </div>
    </form>
  );
}
