import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  useId,
} from 'react';
import { cn } from '../../lib/cn';

const control =
  'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100';

type TFieldProps = {
  label: string;
  error?: string;
  hint?: ReactNode;
  /** Rendered next to the label, e.g. a "Forgot password?" link. */
  aside?: ReactNode;
};

/** A labelled text input with its hint and field error wired for screen readers. */
export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & TFieldProps>(
  function TextField({ label, error, hint, aside, className, id, ...rest }, ref) {
    const autoId = useId();
    const inputId = id ?? autoId;
    const hintId = hint ? `${inputId}-hint` : undefined;
    const errorId = error ? `${inputId}-error` : undefined;
    return (
      <div className={cn('space-y-1.5', className)}>
        <div className="flex items-baseline justify-between gap-2">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {label}
          </label>
          {aside}
        </div>
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
          className={cn(control, 'h-10', error ? 'border-red-500' : 'border-slate-300')}
          {...rest}
        />
        {hint ? (
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={errorId} message={error} />
      </div>
    );
  },
);

/** A labelled native select (accessible and light). */
export const SelectField = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & TFieldProps
>(function SelectField({ label, error, hint, className, id, children, ...rest }, ref) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={cn(control, 'h-10 pr-8', error ? 'border-red-500' : 'border-slate-300')}
        {...rest}
      >
        {children}
      </select>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
});

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs font-medium text-red-700">
      {message}
    </p>
  );
}
