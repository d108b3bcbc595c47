/** Money in a currency (when known) and the browser's locale; tabular in tables. */
export function formatMoney(value: number | null | undefined, currency?: string | null): string {
  if (value === null || value === undefined) return '—';
  if (currency && /^[A-Z]{3}$/.test(currency)) {
    try {
      return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
    } catch {
      // An unknown code falls through to a plain number.
    }
  }
  return new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    value,
  );
}
