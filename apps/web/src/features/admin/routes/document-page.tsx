import { DOCUMENT_STATUS_TEXT, type TAdminDocumentDetail } from '@orderbridge/contract';
import { ArrowLeft, ExternalLink, ListChecks } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SelectField, TextField } from '../../../components/ui/field';
import { PageHeader } from '../../../components/ui/page';
import { PageSpinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { userMessage } from '../../../lib/errors';
import { getDocumentFileUrl, useAdminDocument } from '../api/get-documents';
import { useModels } from '../api/get-me';
import { useUpdateDocument } from '../api/update-document';
import { AdminTable, formatMoney, Tag } from '../components/admin-table';

const HEADER_FIELDS = [
  ['invoiceNum', 'Invoice number'],
  ['orderNum', 'Order number'],
  ['invoiceDate', 'Invoice date'],
  ['reference', 'Reference'],
] as const;

/**
 * Admin order detail: a document, what the reader made of it and its issues. The operator re-reads it with
 * another model, or corrects and processes it on the shop's behalf (the shop sees who did).
 */
export default function DocumentPage() {
  const id = Number(useParams().docId);
  const doc = useAdminDocument(id);
  if (doc.isPending) return <PageSpinner label="Loading the document" />;
  if (doc.error)
    return (
      <Alert tone="error" title="The document could not be loaded">
        {userMessage(doc.error)}
      </Alert>
    );
  const d = doc.data;
  const editable = d.status === 'pending_review' || d.status === 'failed';
  return (
    <>
      <Link
        to="/admin/training"
        className="mb-3 inline-flex items-center gap-1 text-sm text-slate-600 hover:text-slate-900"
      >
        <ArrowLeft size={16} aria-hidden="true" /> Training queue
      </Link>
      <PageHeader
        title={d.headers.invoiceNum ?? d.fileName}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {d.shopName} · from {d.supplier?.shopSupplierName ?? `unknown sender ${d.emailSender ?? ''}`}
            <Tag
              tone={
                d.status === 'failed'
                  ? 'red'
                  : d.status === 'pending_review'
                    ? 'amber'
                    : d.status === 'processed'
                      ? 'green'
                      : 'blue'
              }
            >
              {DOCUMENT_STATUS_TEXT[d.status]}
            </Tag>
            {d.isInTraining ? <Tag tone="blue">In training</Tag> : null}
          </span>
        }
        actions={
          <Button
            variant="secondary"
            onClick={async () => {
              try {
                window.open((await getDocumentFileUrl(id)).url, '_blank', 'noopener');
              } catch (e) {
                notify.error('The file could not be opened', userMessage(e));
              }
            }}
          >
            <ExternalLink size={16} aria-hidden="true" /> Original
          </Button>
        }
      />
      {d.processedBy ? (
        <Alert tone="success" className="mb-6" title="Processed">
          By {d.processedBy.name} ({d.processedBy.email})
          {d.processedBy.operator ? ', OrderBridge support, on the shop’s behalf' : ''}.
        </Alert>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1.4fr_1fr]">
        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="mb-3 text-base font-semibold text-slate-900">What the reader made of it</h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              {[
                ['Vendor', d.vendor.name ?? '—'],
                ['Deliver to', d.recipient.name ?? '—'],
                ['Model', d.aiModel === 'builtin' ? 'Built-in reader' : d.aiModel],
                ['Confidence', `${Math.round(d.confidence * 100)} %`],
                ['Subtotal', formatMoney(d.totals.subtotal, d.currency)],
                ['VAT', formatMoney(d.totals.vat, d.currency)],
                ['Total', formatMoney(d.totals.invoiceTotal, d.currency)],
              ].map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-500">{k}</dt>
                  <dd className="tabular min-w-0 break-words text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <AdminTable
            label="Items"
            columns={[
              { header: 'Code', cell: (i) => i.itemCode ?? '—' },
              { header: 'Description', cell: (i) => i.itemDesc ?? '—' },
              { header: 'Qty', cell: (i) => i.itemQty ?? '—', align: 'right' },
              { header: 'Price', cell: (i) => formatMoney(i.price, d.currency), align: 'right' },
              { header: 'Amount', cell: (i) => formatMoney(i.amount, d.currency), align: 'right' },
            ]}
            rows={d.items}
            rowKey={(i) => i.id}
            isLoading={false}
            error={null}
            empty={{ icon: ListChecks, title: 'No items read', text: 'Re-read the document or correct it.' }}
          />
        </div>
        <div className="space-y-6">
          <Card className="p-5">
            <h2 className="mb-3 text-base font-semibold text-slate-900">Issues ({d.issues.length})</h2>
            {d.issues.length ? (
              <ul className="space-y-2 text-sm">
                {d.issues.map((i) => (
                  <li
                    key={`${i.table}.${i.column}.${i.tempOrderItemId}.${i.description}`}
                    className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900"
                  >
                    <span className="font-medium">{i.column || i.table}:</span> {i.description}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">The reader's checks found nothing to look at.</p>
            )}
          </Card>
          {editable ? <CorrectForm doc={d} /> : null}
          {editable ? <RereadForm doc={d} /> : null}
          <p className="text-xs text-slate-500">
            Uploaded by {d.insertedBy.email ?? 'email'}; document #{d.id}.
          </p>
        </div>
      </div>
    </>
  );
}

function CorrectForm({ doc }: { doc: TAdminDocumentDetail }) {
  const update = useUpdateDocument(doc.id);
  const [values, setValues] = useState<Record<string, string>>(
    Object.fromEntries(HEADER_FIELDS.map(([k]) => [k, doc.headers[k] ?? ''])),
  );
  const [error, setError] = useState<string | null>(null);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      await update.mutateAsync({ kind: 'headers', headers: values });
      notify.success('Saved on the shop’s behalf.');
    } catch (err) {
      setError(userMessage(err));
    }
  };
  const process = async () => {
    setError(null);
    try {
      await update.mutateAsync({ kind: 'process', override: doc.issues.length > 0 });
      notify.success('Processed on the shop’s behalf.', 'The reader learns this supplier’s layout from it.');
    } catch (err) {
      setError(userMessage(err));
    }
  };
  return (
    <Card className="p-5">
      <h2 className="mb-1 text-base font-semibold text-slate-900">Correct for the shop</h2>
      <p className="mb-4 text-sm text-slate-600">The shop sees that OrderBridge support made the change.</p>
      <form onSubmit={save} className="space-y-3" noValidate>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {HEADER_FIELDS.map(([key, label]) => (
          <TextField
            key={key}
            label={label}
            value={values[key]}
            placeholder={key === 'invoiceDate' ? 'YYYY-MM-DD' : undefined}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        ))}
        <div className="flex flex-wrap gap-2">
          <Button
            type="submit"
            variant="secondary"
            loading={update.isPending && update.variables?.kind === 'headers'}
          >
            Save corrections
          </Button>
          <Button
            type="button"
            onClick={process}
            loading={update.isPending && update.variables?.kind === 'process'}
          >
            {doc.issues.length ? 'Process anyway' : 'Process'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function RereadForm({ doc }: { doc: TAdminDocumentDetail }) {
  const models = useModels();
  const update = useUpdateDocument(doc.id);
  const [model, setModel] = useState(doc.aiModel);
  return (
    <Card className="p-5">
      <h2 className="mb-3 text-base font-semibold text-slate-900">Read again</h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            { kind: 'reread', aiModel: model },
            {
              onSuccess: () => notify.success('The document is being read again.'),
              onError: (err) => notify.error('Not read again', userMessage(err)),
            },
          );
        }}
      >
        <SelectField
          label="Model"
          value={model}
          onChange={(e) => setModel(e.target.value)}
          className="min-w-48 flex-1"
        >
          {(models.data ?? []).map((m) => (
            <option key={m.id} value={m.id}>
              {m.label}
            </option>
          ))}
        </SelectField>
        <Button
          type="submit"
          variant="secondary"
          loading={update.isPending && update.variables?.kind === 'reread'}
        >
          Read again
        </Button>
      </form>
    </Card>
  );
}
