import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';
import { ERROR_TEXT } from '../../lib/errors';

/** Error fallback delay of spec §9. */
export const ERROR_FALLBACK_DELAY_MS = 3000;

/** Shows the spec's error texts after a 3 s grace period (quick recoveries never flash it). */
export function ErrorFallback({
  error,
  delayMs = ERROR_FALLBACK_DELAY_MS,
}: {
  error: unknown;
  delayMs?: number;
}) {
  const [visible, setVisible] = useState(delayMs <= 0);
  useEffect(() => {
    if (delayMs <= 0) return;
    const t = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(t);
  }, [delayMs]);
  if (!visible) return null;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    <div role="alert" className="animate-fade mx-auto max-w-lg p-8 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{ERROR_TEXT.fallbackTitle}</h1>
      <p className="mt-2 text-slate-600">{ERROR_TEXT.fallbackHint}</p>
      {message ? (
        <pre className="mt-4 rounded-lg bg-slate-100 p-3 text-left text-xs whitespace-pre-wrap text-slate-800">
          {message}
        </pre>
      ) : null}
    </div>
  );
}

type TBoundaryProps = { children: ReactNode; fallback?: (error: unknown) => ReactNode };

/** Catches render errors below it and shows the error fallback. */
export class ErrorBoundary extends Component<TBoundaryProps, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (this.state.error)
      return this.props.fallback?.(this.state.error) ?? <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
