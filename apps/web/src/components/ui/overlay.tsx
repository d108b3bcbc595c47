import { CircleAlert, CircleCheck, X } from 'lucide-react';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from './button';
import { Spinner } from './spinner';

/** Overlay states of spec §4. */
export type TOverlayState =
  | { status: 'idle' }
  | { status: 'loading'; title: string }
  | { status: 'error'; title: string; message?: string }
  | {
      status: 'success';
      title: string;
      subtitle?: string;
      /** Live content under the subtitle (the upload's reading progress). */
      detail?: ReactNode;
      actionText?: string;
      onAction?: () => void;
    };

type TOverlayApi = {
  state: TOverlayState;
  idle: () => void;
  loading: (title: string) => void;
  error: (title: string, message?: string) => void;
  success: (opts: {
    title: string;
    subtitle?: string;
    detail?: ReactNode;
    actionText?: string;
    onAction?: () => void;
  }) => void;
};

const OverlayContext = createContext<TOverlayApi | null>(null);

export function OverlayProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<TOverlayState>({ status: 'idle' });
  const idle = useCallback(() => setState({ status: 'idle' }), []);
  const api = useMemo<TOverlayApi>(
    () => ({
      state,
      idle,
      loading: (title) => setState({ status: 'loading', title }),
      error: (title, message) => setState({ status: 'error', title, message }),
      success: (opts) => setState({ status: 'success', ...opts }),
    }),
    [state, idle],
  );
  return (
    <OverlayContext.Provider value={api}>
      {children}
      <Overlay state={state} onClose={idle} />
    </OverlayContext.Provider>
  );
}

export function useOverlay(): TOverlayApi {
  const ctx = useContext(OverlayContext);
  if (!ctx) throw new Error('useOverlay must be used inside OverlayProvider');
  return ctx;
}

/** Full-screen layer for long actions: loading spinner, success with action, error with close. */
export function Overlay({ state, onClose }: { state: TOverlayState; onClose: () => void }) {
  const actionRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.status === 'success' || state.status === 'error') actionRef.current?.focus();
    if (state.status !== 'error' && state.status !== 'success') return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.status, onClose]);

  if (state.status === 'idle') return null;
  return (
    <div className="animate-fade fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="overlay-title"
        aria-busy={state.status === 'loading' || undefined}
        className="relative w-full max-w-sm rounded-xl border border-slate-200 bg-white p-6 text-center shadow-lg"
      >
        {state.status === 'loading' ? (
          <>
            <Spinner size={32} label="" className="mb-3 text-brand-600" />
            <p id="overlay-title" className="font-medium text-slate-800">
              {state.title}
            </p>
          </>
        ) : null}
        {state.status === 'error' ? (
          <>
            <button
              ref={actionRef}
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="absolute top-3 right-3 rounded-md p-1 text-slate-500 hover:bg-slate-100"
            >
              <X size={18} aria-hidden="true" />
            </button>
            <CircleAlert size={32} aria-hidden="true" className="mx-auto mb-3 text-red-600" />
            <p id="overlay-title" className="font-semibold text-slate-900">
              {state.title}
            </p>
            {state.message ? <p className="mt-1 text-sm text-slate-600">{state.message}</p> : null}
          </>
        ) : null}
        {state.status === 'success' ? (
          <>
            <CircleCheck size={32} aria-hidden="true" className="mx-auto mb-3 text-green-600" />
            <p id="overlay-title" className="text-lg font-semibold text-slate-900">
              {state.title}
            </p>
            {state.subtitle ? <p className="mt-1 text-sm text-slate-600">{state.subtitle}</p> : null}
            {state.detail}
            <Button
              ref={actionRef}
              className="mt-5 w-full"
              onClick={() => {
                onClose();
                state.onAction?.();
              }}
            >
              {state.actionText ?? 'Close'}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
