/** Money in the order's currency, or a plain two-decimal number when the order has none. */
export const money = (value: number, currency: string | null) =>
  new Intl.NumberFormat(
    undefined,
    currency ? { style: 'currency', currency } : { minimumFractionDigits: 2 },
  ).format(value);
export const date = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
export const dateTime = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
