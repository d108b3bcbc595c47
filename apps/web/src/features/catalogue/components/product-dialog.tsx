import { zodResolver } from '@hookform/resolvers/zod';
import { type TProduct, ZProductInputSchema } from '@orderbridge/contract';
import { useEffect, useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError, TextField } from '../../../components/ui/field';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { userMessage } from '../../../lib/errors';
import { applyServerErrors } from '../../../lib/form';
import { useDeleteProduct, useSaveProduct } from '../api/save-product';

type TInput = z.input<typeof ZProductInputSchema>;
type TOutput = z.output<typeof ZProductInputSchema>;
const FIELDS = ['sku', 'name', 'description', 'unitPrice', 'packSize', 'barcode', 'aliases'] as const;

const blank: TInput = {
  sku: '',
  name: '',
  description: null,
  unitPrice: null,
  packSize: 1,
  barcode: null,
  aliases: [],
};
const valuesOf = (p: TProduct | null): TInput =>
  p
    ? {
        sku: p.sku,
        name: p.name,
        description: p.description,
        unitPrice: p.unitPrice,
        packSize: p.packSize,
        barcode: p.barcode,
        aliases: p.aliases,
      }
    : blank;
const optionalNumber = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));
const optionalText = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Supplier: a product of its price list, new (product null) or to edit and delete. */
export function ProductDialog({
  open,
  onOpenChange,
  product,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  product: TProduct | null;
}) {
  const { companyId } = useCompany();
  const save = useSaveProduct(companyId);
  const remove = useDeleteProduct(companyId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: zodResolver(ZProductInputSchema),
    defaultValues: valuesOf(product),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(valuesOf(product));
      setFailure(null);
    }
  }, [open, product, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      await save.mutateAsync({ id: product?.id ?? null, input });
      notify.success(product ? 'Product saved.' : 'Product created.');
      onOpenChange(false);
    } catch (e) {
      if (!applyServerErrors(e, form.setError, FIELDS)) setFailure(userMessage(e));
    }
  });

  const onDelete = async () => {
    if (!product || !window.confirm(`Delete ${product.sku} (${product.name})? Client shops stop seeing it.`))
      return;
    try {
      await remove.mutateAsync(product.id);
      notify.success('Product deleted.');
      onOpenChange(false);
    } catch (e) {
      setFailure(userMessage(e));
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={product ? `Edit ${product.sku}` : 'New product'}
      description="Client shops see it in their products and their invoices are matched against it."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {failure ? <Alert tone="error">{failure}</Alert> : null}
        <div className="grid grid-cols-2 gap-3">
          <TextField label="SKU" autoComplete="off" error={errors.sku?.message} {...form.register('sku')} />
          <TextField
            label="Barcode"
            autoComplete="off"
            inputMode="numeric"
            error={errors.barcode?.message}
            {...form.register('barcode', { setValueAs: optionalText })}
          />
        </div>
        <TextField label="Name" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Description"
          error={errors.description?.message}
          {...form.register('description', { setValueAs: optionalText })}
        />
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="Unit price"
            inputMode="decimal"
            error={errors.unitPrice?.message}
            {...form.register('unitPrice', { setValueAs: optionalNumber })}
          />
          <TextField
            label="Pack size"
            inputMode="numeric"
            hint="Units in one selling pack, 24 for a case of 24."
            error={errors.packSize?.message}
            {...form.register('packSize', { setValueAs: (v) => optionalNumber(v) ?? 1 })}
          />
        </div>
        <Controller
          control={form.control}
          name="aliases"
          render={({ field, fieldState }) => (
            <AliasesField
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldState.error?.message ?? errors.aliases?.root?.message}
            />
          )}
        />
        <div className="flex flex-wrap justify-between gap-2 pt-2">
          {product ? (
            <Button variant="danger" onClick={onDelete} loading={remove.isPending}>
              Delete
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting}>
              {product ? 'Save' : 'Create product'}
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}

/** Other names of the product on invoices, one a line (kept as typed until the form is sent). */
function AliasesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value.join('\n'));
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Aliases
      </label>
      <textarea
        id={id}
        rows={3}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setText(e.target.value);
          onChange(
            e.target.value
              .split('\n')
              .map((s) => s.trim())
              .filter(Boolean),
          );
        }}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Other names of this product on invoices, one a line ("COCA COLA 24X330ML CAN").
      </p>
      <FieldError message={error} />
    </div>
  );
}
