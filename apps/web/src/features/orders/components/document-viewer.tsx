import type { TReviewOrder } from '@orderbridge/contract';
import { ExternalLink, Minus, Plus, ScanSearch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { notify } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { userMessage } from '../../../lib/errors';
import { getDocumentFileUrl, useDocumentFileUrl } from '../api/get-invoice-url';

type TBox = TReviewOrder['boxes'][string];

const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 2.5, 3];
/** Width in CSS pixels a PDF page is drawn at (sharp up to 2× zoom on a 2× screen… and fine beyond). */
const RENDER_WIDTH = 1400;

/**
 * The original document with the fields the reader found outlined. Boxes are fractions of the page, so they
 * are placed in percentages over each page and follow any zoom. PDFs are drawn with pdf.js (loaded only
 * here); images are shown as they are.
 */
export function DocumentViewer({
  shopId,
  doc,
  activeKey,
  issueKeys,
  onPick,
}: {
  shopId: number;
  doc: Pick<TReviewOrder, 'id' | 'contentType' | 'pages' | 'boxes' | 'fileName'>;
  /** The box of the field being edited. */
  activeKey: string | null;
  /** Boxes of fields that have issues. */
  issueKeys: ReadonlySet<string>;
  /** A box was clicked: go to its field. */
  onPick: (key: string) => void;
}) {
  const file = useDocumentFileUrl(shopId, doc.id);
  const [zoom, setZoom] = useState(1);
  const paneRef = useRef<HTMLElement>(null);
  // The first link is kept: a refreshed link must not reload a document already drawn.
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!url && file.data?.url) setUrl(file.data.url);
  }, [file.data, url]);

  // Bring the field being edited into view on the document.
  useEffect(() => {
    if (!activeKey) return;
    const el = paneRef.current?.querySelector<HTMLElement>(`[data-box-key="${CSS.escape(activeKey)}"]`);
    el?.scrollIntoView?.({ block: 'center', inline: 'center', behavior: 'smooth' });
  }, [activeKey]);

  const isPdf = doc.contentType === 'application/pdf';
  const boxesByPage = new Map<number, [string, TBox][]>();
  for (const [key, box] of Object.entries(doc.boxes)) {
    const list = boxesByPage.get(box.page) ?? [];
    list.push([key, box]);
    boxesByPage.set(box.page, list);
  }
  const overlay = (page: number) => (
    <BoxLayer
      boxes={boxesByPage.get(page) ?? []}
      activeKey={activeKey}
      issueKeys={issueKeys}
      onPick={onPick}
    />
  );

  const step = (dir: 1 | -1) => {
    const i = ZOOMS.indexOf(zoom);
    setZoom(ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, i + dir))] ?? 1);
  };

  return (
    <section
      aria-label="Original document"
      className="flex h-full min-h-0 flex-col rounded-xl border border-slate-200 bg-white"
    >
      <div className="flex items-center gap-2 border-b border-slate-200 px-3 py-2">
        <ScanSearch size={16} aria-hidden="true" className="text-slate-500" />
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800" title={doc.fileName}>
          {doc.fileName}
        </p>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Zoom out"
          onClick={() => step(-1)}
          disabled={zoom <= ZOOMS[0]!}
        >
          <Minus size={16} aria-hidden="true" />
        </Button>
        <button
          type="button"
          onClick={() => setZoom(1)}
          className="tabular w-12 rounded text-center text-xs text-slate-600 hover:bg-slate-100"
          aria-label="Fit to width"
          title="Fit to width"
        >
          {Math.round(zoom * 100)}%
        </button>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Zoom in"
          onClick={() => step(1)}
          disabled={zoom >= ZOOMS[ZOOMS.length - 1]!}
        >
          <Plus size={16} aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Open the original file in a new tab"
          title="Open the original file"
          onClick={async () => {
            // Links live 5 minutes: ask for a fresh one, in a tab opened while the click still counts.
            const tab = window.open('', '_blank');
            try {
              const fresh = await getDocumentFileUrl(shopId, doc.id);
              if (tab) tab.location.href = fresh.url;
            } catch (e) {
              tab?.close();
              notify.error('Could not open the original file', userMessage(e));
            }
          }}
        >
          <ExternalLink size={16} aria-hidden="true" />
        </Button>
      </div>
      <section
        ref={paneRef}
        className="min-h-0 flex-1 overflow-auto bg-slate-100 p-3"
        data-testid="document-pane"
        // The pages scroll: keyboard users must be able to reach and scroll them.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs keyboard access
        tabIndex={0}
        aria-label="Document pages"
      >
        {file.isError ? (
          <Alert tone="error">{userMessage(file.error)}</Alert>
        ) : !url ? (
          <div className="flex h-40 items-center justify-center text-slate-500">
            <Spinner label="Loading the document" />
          </div>
        ) : isPdf ? (
          <PdfPages url={url} zoom={zoom} overlay={overlay} />
        ) : (
          <div
            className="relative mx-auto bg-white shadow-sm"
            style={{ width: `${zoom * 100}%` }}
            data-page="1"
          >
            <img src={url} alt={`Page 1 of ${doc.fileName}`} className="block w-full" />
            {overlay(1)}
          </div>
        )}
      </section>
    </section>
  );
}

function BoxLayer({
  boxes,
  activeKey,
  issueKeys,
  onPick,
}: {
  boxes: [string, TBox][];
  activeKey: string | null;
  issueKeys: ReadonlySet<string>;
  onPick: (key: string) => void;
}) {
  return (
    <div className="pointer-events-none absolute inset-0">
      {boxes.map(([key, b]) => {
        const active = key === activeKey;
        const issue = issueKeys.has(key);
        return (
          <button
            key={key}
            type="button"
            tabIndex={-1}
            data-box-key={key}
            aria-label={`Go to ${key}`}
            title={key}
            onClick={() => onPick(key)}
            className={cn(
              'pointer-events-auto absolute rounded-[2px] border transition-colors',
              active
                ? 'z-10 border-2 border-brand-600 bg-brand-500/10 ring-4 ring-brand-500/20'
                : issue
                  ? 'border-amber-500 bg-amber-300/30 hover:bg-amber-300/50'
                  : 'border-brand-500/50 bg-brand-500/10 hover:bg-brand-500/20',
            )}
            style={{
              left: `${b.x * 100}%`,
              top: `${b.y * 100}%`,
              width: `${Math.max(b.w, 0.005) * 100}%`,
              height: `${Math.max(b.h, 0.005) * 100}%`,
            }}
          />
        );
      })}
    </div>
  );
}

type TPdfPage = { n: number; width: number; height: number; canvas: HTMLCanvasElement };

/** The pages of a PDF drawn once with pdf.js at a generous resolution; zoom only changes their width. */
function PdfPages({
  url,
  zoom,
  overlay,
}: {
  url: string;
  zoom: number;
  overlay: (page: number) => React.ReactNode;
}) {
  const [pages, setPages] = useState<TPdfPage[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url });
      destroy = () => void task.destroy();
      const pdf = await task.promise;
      const out: TPdfPage[] = [];
      for (let n = 1; n <= Math.min(pdf.numPages, 30); n++) {
        const page = await pdf.getPage(n);
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: RENDER_WIDTH / base.width });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        await page.render({ canvas, viewport }).promise;
        out.push({ n, width: base.width, height: base.height, canvas });
        if (cancelled) return;
      }
      if (!cancelled) setPages(out);
    })().catch((e) => {
      console.warn('pdf.js could not draw the document', e);
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url]);

  if (failed) {
    // The browser's own viewer still shows the file, without the outlines.
    return <iframe src={url} title="Original document" className="h-[70vh] w-full rounded bg-white" />;
  }
  if (!pages) {
    return (
      <div className="flex h-40 items-center justify-center text-slate-500">
        <Spinner label="Drawing the document" />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {pages.map((p) => (
        <div
          key={p.n}
          data-page={p.n}
          className="relative mx-auto bg-white shadow-sm"
          style={{ width: `${zoom * 100}%`, aspectRatio: `${p.width} / ${p.height}` }}
        >
          <CanvasImage canvas={p.canvas} label={`Page ${p.n}`} />
          {overlay(p.n)}
        </div>
      ))}
    </div>
  );
}

function CanvasImage({ canvas, label }: { canvas: HTMLCanvasElement; label: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.style.display = 'block';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    host.replaceChildren(canvas);
  }, [canvas, label]);
  return <div ref={ref} className="absolute inset-0" />;
}
