import { cn } from '../../lib/cn';

/** A row of filter tabs over a list (status, unread …); the selected one is filled with the accent. */
export function FilterTabs<T extends string | boolean>({
  label,
  tabs,
  value,
  onChange,
  className,
}: {
  label: string;
  tabs: readonly { id: T; label: string }[];
  value: T;
  onChange: (id: T) => void;
  className?: string;
}) {
  return (
    <div
      className={cn('mb-4 flex flex-wrap items-center gap-2', className)}
      role="tablist"
      aria-label={label}
    >
      {tabs.map((t) => (
        <button
          key={String(t.id)}
          type="button"
          role="tab"
          aria-selected={value === t.id}
          onClick={() => onChange(t.id)}
          className={cn(
            'min-h-10 rounded-lg px-3 text-sm font-medium',
            value === t.id
              ? 'bg-brand-600 text-white'
              : 'bg-white text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
