import type { TDocumentStage } from '@orderbridge/contract';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useLiveEvents } from '../../../lib/live-events';

type TProgress = { stage: TDocumentStage; page?: number; pages?: number };

const words = (p: TProgress) => {
  if (p.stage === 'stored') return 'Received, waiting for the reader…';
  if (p.stage === 'reading')
    return p.page && p.pages ? `Reading page ${p.page} of ${p.pages}…` : 'Reading the document…';
  if (p.stage === 'ready') return 'Read: ready for your review.';
  if (p.stage === 'processed') return 'Read and processed into an order.';
  return 'The document could not be read.';
};

/** The upload's reading progress, live from the event stream, in the upload's success overlay. */
export function UploadProgress({ shopId, documentId }: { shopId: number; documentId: number }) {
  const [progress, setProgress] = useState<TProgress>({ stage: 'stored' });
  useLiveEvents(
    (event) => {
      if (event.type !== 'document' || event.data.documentId !== documentId) return;
      setProgress(event.data);
    },
    { replay: true },
  );
  const done = progress.stage === 'ready' || progress.stage === 'processed';
  return (
    <div
      role="status"
      data-testid="upload-progress"
      data-stage={progress.stage}
      className="mt-4 flex items-center justify-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700"
    >
      {done ? (
        <CircleCheck size={16} aria-hidden="true" className="shrink-0 text-green-600" />
      ) : progress.stage === 'failed' ? (
        <CircleAlert size={16} aria-hidden="true" className="shrink-0 text-red-600" />
      ) : (
        <Spinner size={16} label="" className="shrink-0 text-brand-600" />
      )}
      <span>{words(progress)}</span>
      {progress.stage === 'ready' ? (
        <Link
          to={`/shops/${shopId}/orders/review/${documentId}`}
          className="font-medium text-brand-700 underline"
        >
          Review
        </Link>
      ) : null}
    </div>
  );
}
