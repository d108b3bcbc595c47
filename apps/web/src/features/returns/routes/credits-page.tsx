import { ReceiptText, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FilterTabs } from '../../../components/ui/filter-tabs';
import { ListLoading, LoadError } from '../../../components/ui/load-state';
import { EmptyState, PageHeader } from '../../../components/ui/page';
import { Pager } from '../../../components/ui/pager';
import { useCompany } from '../../../lib/company-context';
import { useListUrl, usePrefetchNextPage } from '../../../lib/list-state';
import { creditsQueryOptions, useCreditNoteArrival, useCredits } from '../api/get-credits';
import { CreditCard } from '../components/credit-card';
import { UploadCreditNoteDialog } from '../components/upload-credit-note-dialog';

const TABS = [
  { id: '', label: 'All' },
  { id: 'review', label: 'Waiting for review' },
  { id: 'applied', label: 'Applied' },
] as const;
const PER_PAGE = 25;

/**
 * Credits: what each credit note settled, the ones waiting for a person, and (suppliers) uploading a credit note.
 * Status and page live in the address (`?status=review&page=2`).
 */
export default function CreditsPage() {
  const { companyType, companyId } = useCompany();
  const url = useListUrl();
  const status = TABS.some((t) => t.id === url.get('status')) ? url.get('status') : '';
  const [uploading, setUploading] = useState(false);
  const [reading, setReading] = useState<number | null>(null);
  useCreditNoteArrival(companyId, reading, () => setReading(null));
  const filter = { page: url.page, perPage: PER_PAGE, status: status || undefined };
  const query = useCredits(companyType, companyId, filter);
  usePrefetchNextPage(query.data, url.page, (page) =>
    creditsQueryOptions(companyType, companyId, { ...filter, page }),
  );
  const data = query.data;
  const supplier = companyType === 'suppliers';
  return (
    <div>
      <PageHeader
        title="Credits"
        description={
          supplier
            ? 'Credit notes you issued to client shops and the disputes each one settled.'
            : 'Credit notes from your suppliers and the disputes each one settled.'
        }
        actions={
          supplier ? (
            <Button onClick={() => setUploading(true)}>
              <Upload size={16} aria-hidden="true" /> Upload credit note
            </Button>
          ) : null
        }
      />
      {supplier ? (
        <UploadCreditNoteDialog open={uploading} onOpenChange={setUploading} onUploaded={setReading} />
      ) : null}
      {reading !== null ? (
        <Alert tone="info" className="mb-4">
          Reading the credit note: it appears here once it is matched to the shop's open disputes.
        </Alert>
      ) : null}
      <FilterTabs label="Status" tabs={TABS} value={status} onChange={(id) => url.set({ status: id })} />
      {query.isError ? (
        <LoadError
          title="The credits could not be loaded"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      ) : !data ? (
        <ListLoading label="Loading credits" />
      ) : data.total === 0 ? (
        <EmptyState
          icon={ReceiptText}
          title={status === 'review' ? 'Nothing waits for review' : 'No credits'}
          action={
            supplier && !status ? (
              <Button variant="secondary" onClick={() => setUploading(true)}>
                Upload a credit note
              </Button>
            ) : undefined
          }
        >
          Credits entered as answers to disputes, and credit notes read from uploads, are listed here with
          what they settled.
        </EmptyState>
      ) : (
        <div className="space-y-4">
          <ul className="space-y-4" aria-label="Credits">
            {data.data.map((c) => (
              <li key={c.id}>
                <CreditCard c={c} />
              </li>
            ))}
          </ul>
          <Pager
            page={url.page}
            perPage={PER_PAGE}
            total={data.total}
            capped={data.totalCapped}
            noun={['credit', 'credits']}
            onPage={(page) => url.set({ page })}
          />
        </div>
      )}
    </div>
  );
}
