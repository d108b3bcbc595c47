import type { TIssue } from '@orderbridge/contract';
import { AlertTriangle, Check } from 'lucide-react';
import { createContext, type KeyboardEvent, useContext, useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { toAppError, userMessage } from '../../../lib/errors';

/** `money` is a number shown with two decimals (unless it has more). */
export type TFieldKind = 'text' | 'number' | 'money' | 'date';
export type TFieldValue = string | number | undefined;

/** Saves in flight, so that 'Process' can wait for the last edit to land. */
export const SaveTrackerContext = createContext<(p: Promise<unknown>) => void>(() => undefined);

/** Parse what was typed: a number (comma or point decimals) or trimmed text; an error text when unusable. */
export function parseField(
  kind: TFieldKind,
  text: string,
  before: TFieldValue,
): { value: TFieldValue } | { error: string } {
  const t = text.trim();
  if (kind !== 'number' && kind !== 'money') return { value: t };
  if (t === '') return before === undefined ? { value: undefined } : { error: 'Enter a number' };
  const n = Number(t.replace(/\s/g, '').replace(',', '.'));
  return Number.isFinite(n) ? { value: n } : { error: 'Enter a number' };
}

/** What a field shows for a value. */
export function showValue(kind: TFieldKind, v: TFieldValue): string {
  if (v === undefined || v === null) return '';
  if (kind === 'money' && typeof v === 'number' && Math.abs(Math.round(v * 100) - v * 100) < 1e-6)
    return v.toFixed(2);
  return String(v);
}

/** The message of a failed save: the server's words for this field when it sent them. */
function saveError(e: unknown): string {
  const err = toAppError(e);
  const fields = err.fieldErrors ? Object.values(err.fieldErrors).flat() : [];
  return fields.length ? fields.join(', ') : userMessage(e);
}

/**
 * One editable field of the review screen: saved with Enter or when the field is left, if it changed. Issues
 * about the field are shown under it in words; focusing it shows where it was read on the document.
 */
export function EditField({
  label,
  hideLabel,
  value,
  kind = 'text',
  issues = [],
  boxKey,
  onFocusBox,
  onSave,
  className,
  inputClassName,
  multiline,
  listIssues = true,
  describedBy: extraDescribedBy,
}: {
  label: string;
  /** true: label for screen readers only; 'desktop': visible on phones only (table headers label it). */
  hideLabel?: boolean | 'desktop';
  value: TFieldValue;
  kind?: TFieldKind;
  issues?: TIssue[];
  boxKey?: string;
  onFocusBox?: (key: string | null) => void;
  onSave: (value: TFieldValue) => Promise<unknown>;
  className?: string;
  inputClassName?: string;
  multiline?: boolean;
  /** False where the issues are listed elsewhere (item rows list them under the row). */
  listIssues?: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const track = useContext(SaveTrackerContext);
  const [draft, setDraft] = useState(showValue(kind, value));
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [error, setError] = useState<string | null>(null);
  const focused = useRef(false);

  // The server's value shows unless the person is typing over it.
  useEffect(() => {
    if (!focused.current) setDraft(showValue(kind, value));
  }, [value, kind]);

  const save = async () => {
    const parsed = parseField(kind, draft, value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    if (showValue(kind, parsed.value) === showValue(kind, value)) return;
    setState('saving');
    const p = onSave(parsed.value);
    track(p);
    try {
      await p;
      setState('saved');
      setTimeout(() => setState((s) => (s === 'saved' ? 'idle' : s)), 1500);
    } catch (e) {
      setState('idle');
      setError(saveError(e));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    // Enter accepts the field (Ctrl/Cmd+Enter belongs to the page: process).
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && !(multiline && e.shiftKey)) {
      e.preventDefault();
      void save();
    } else if (e.key === 'Escape' && draft !== showValue(kind, value)) {
      e.preventDefault();
      e.stopPropagation();
      setDraft(showValue(kind, value));
      setError(null);
    }
  };

  const hasIssue = issues.length > 0;
  const describedBy = [
    hasIssue && listIssues ? `${id}-issues` : null,
    error ? `${id}-error` : null,
    hasIssue && !listIssues ? extraDescribedBy : null,
  ]
    .filter(Boolean)
    .join(' ');
  const common = {
    id,
    value: draft,
    'data-box': boxKey,
    'aria-invalid': hasIssue || error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onChange: (e: { target: { value: string } }) => setDraft(e.target.value),
    onKeyDown,
    onFocus: () => {
      focused.current = true;
      onFocusBox?.(boxKey ?? null);
    },
    onBlur: () => {
      focused.current = false;
      void save();
    },
    className: cn(
      'block w-full rounded-md border bg-white px-2.5 text-sm text-slate-900 focus:outline-2 focus:outline-brand-600',
      (kind === 'number' || kind === 'money') && 'tabular text-right',
      error ? 'border-red-500' : hasIssue ? 'border-amber-500 bg-amber-50/60' : 'border-slate-300',
      inputClassName,
    ),
  };

  return (
    <div className={cn('min-w-0', className)}>
      <div
        className={cn(
          'mb-1 flex items-center justify-between gap-2',
          hideLabel === true && 'sr-only',
          hideLabel === 'desktop' && 'md:sr-only',
        )}
      >
        <label htmlFor={id} className="text-xs font-medium text-slate-700">
          {label}
        </label>
      </div>
      <div className="relative">
        {multiline ? (
          <textarea {...common} rows={2} className={cn(common.className, 'py-2')} />
        ) : (
          <input
            {...common}
            type={kind === 'date' ? 'date' : 'text'}
            inputMode={kind === 'number' || kind === 'money' ? 'decimal' : undefined}
            autoComplete="off"
            className={cn(common.className, 'h-10 md:h-9', state !== 'idle' && kind === 'text' && 'pr-7')}
          />
        )}
        {state !== 'idle' ? (
          <span
            className={cn(
              'pointer-events-none absolute top-1/2 -translate-y-1/2 text-slate-500',
              kind === 'number' || kind === 'money' ? 'left-2' : 'right-2',
            )}
          >
            {state === 'saving' ? (
              <Spinner size={14} label="Saving" />
            ) : (
              <Check size={14} className="text-green-600" aria-label="Saved" />
            )}
          </span>
        ) : null}
      </div>
      {hasIssue && listIssues ? (
        <ul id={`${id}-issues`} className="mt-1 space-y-0.5">
          {issues.map((i) => (
            <li key={`${i.table}.${i.column}.${i.description}`} className="flex gap-1 text-xs text-amber-900">
              <AlertTriangle size={12} aria-hidden="true" className="mt-0.5 shrink-0 text-amber-600" />
              <span>{i.description}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
