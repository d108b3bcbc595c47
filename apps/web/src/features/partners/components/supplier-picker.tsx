import type { TShopSupplier } from '@orderbridge/contract';
import { ChevronDown, Plus } from 'lucide-react';
import {
  type KeyboardEvent as TReactKeyboardEvent,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { useSuppliers } from '../api/get-suppliers';
import { CreateSupplierDialog } from './create-supplier-dialog';

/** Height of the supplier dropdown (spec §9). */
export const SUPPLIER_LIST_HEIGHT_PX = 201;

/** Suppliers whose name contains `text`, ignoring case (spec §4). */
export function filterSuppliers(suppliers: readonly TShopSupplier[], text: string): TShopSupplier[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...suppliers];
  return suppliers.filter((s) => s.supplierName.toLowerCase().includes(needle));
}

/**
 * The supplier picker of spec §4: a combobox over the shop's suppliers. Typing filters them and clears the
 * current choice; choosing one closes the list; with no match it offers 'Create new supplier', and a supplier
 * created from there is chosen at once.
 */
export function SupplierPicker({
  value,
  onChange,
  label = 'Supplier',
  error,
  disabled,
}: {
  value: TShopSupplier | null;
  onChange: (supplier: TShopSupplier | null) => void;
  label?: string;
  error?: string;
  disabled?: boolean;
}) {
  const { companyId: shopId } = useCompany();
  const suppliers = useSuppliers(shopId);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value?.supplierName ?? '');
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const errorId = error ? `${id}-error` : undefined;

  // Typing clears the choice but keeps the text; a choice or reset from outside shows in the input.
  const clearedByTyping = useRef(false);
  useEffect(() => {
    if (value) setText(value.supplierName);
    else if (!clearedByTyping.current) setText('');
    clearedByTyping.current = false;
  }, [value]);

  const matches = useMemo(() => filterSuppliers(suppliers.data ?? [], text), [suppliers.data, text]);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes the list only, not a dialog around the picker: dialogs listen on the document, so the
    // picker listens earlier, on the window in the capture phase, and stops the key there.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || !rootRef.current?.contains(e.target as Node)) return;
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  const choose = (s: TShopSupplier) => {
    onChange(s);
    setText(s.supplierName);
    setOpen(false);
  };

  const onKeyDown = (e: TReactKeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => Math.min(i + 1, Math.max(0, matches.length - 1)));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      const s = matches[active];
      if (s) choose(s);
      else if (matches.length === 0 && !suppliers.isPending) setCreating(true);
    }
  };

  const activeId = open && matches[active] ? `${id}-opt-${matches[active].shopSupplierId}` : undefined;

  return (
    <div ref={rootRef} className="relative space-y-1.5">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={`${id}-input`}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          autoComplete="off"
          placeholder="Search suppliers"
          disabled={disabled}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
            setOpen(true);
            if (value) {
              clearedByTyping.current = true;
              onChange(null);
            }
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={cn(
            'block h-10 w-full rounded-lg border bg-white pr-10 pl-3 text-sm text-slate-900 placeholder:text-slate-400',
            'focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 disabled:bg-slate-100',
            error ? 'border-red-500' : 'border-slate-300',
          )}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? 'Close supplier list' : 'Open supplier list'}
          disabled={disabled}
          onClick={() => {
            setOpen((o) => !o);
            inputRef.current?.focus();
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500"
        >
          <ChevronDown size={16} aria-hidden="true" className={cn('transition', open && 'rotate-180')} />
        </button>
      </div>
      {open ? (
        <div
          className="absolute z-30 mt-1 w-full overflow-y-auto rounded-lg border border-slate-200 bg-white shadow-lg"
          style={{ maxHeight: SUPPLIER_LIST_HEIGHT_PX }}
          data-testid="supplier-dropdown"
        >
          {suppliers.isPending ? (
            <p className="px-3 py-2 text-sm text-slate-600">Loading suppliers…</p>
          ) : suppliers.isError ? (
            <p className="px-3 py-2 text-sm text-red-700">{userMessage(suppliers.error)}</p>
          ) : null}
          <div id={listId} role="listbox" aria-label="Suppliers" tabIndex={-1}>
            {matches.map((s, i) => (
              <div
                key={s.shopSupplierId}
                id={`${id}-opt-${s.shopSupplierId}`}
                role="option"
                aria-selected={value?.shopSupplierId === s.shopSupplierId}
                tabIndex={-1}
                onPointerEnter={() => setActive(i)}
                onClick={() => choose(s)}
                onKeyDown={(e) => e.key === 'Enter' && choose(s)}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm',
                  i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-800',
                  value?.shopSupplierId === s.shopSupplierId && 'font-semibold',
                )}
              >
                <span className="block truncate">{s.supplierName}</span>
                <span className="block truncate text-xs text-slate-500">{s.supplierMainEmail}</span>
              </div>
            ))}
          </div>
          {!suppliers.isPending && !suppliers.isError && matches.length === 0 ? (
            <div className="space-y-2 px-3 py-2">
              <p className="text-sm text-slate-600">
                {text.trim() ? `No supplier matches "${text.trim()}".` : 'You have no suppliers yet.'}
              </p>
              <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
                <Plus size={14} aria-hidden="true" /> Create new supplier
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
      <CreateSupplierDialog
        open={creating}
        onOpenChange={setCreating}
        initialName={text.trim()}
        onCreated={(s) => choose(s)}
      />
    </div>
  );
}
