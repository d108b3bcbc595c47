const moneyFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Unit costs have up to four places (0.2700 a can); shown with at least two. */
const costFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const dateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const parse = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00`) : new Date(v));

export const money = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : moneyFormat.format(v);
export const cost = (v: number | null | undefined) =>
  v === null || v === undefined ? '—' : costFormat.format(v);
export const date = (v: string | null | undefined) => (v ? dateFormat.format(parse(v)) : '—');
export const dateTime = (v: string | null | undefined) => (v ? dateTimeFormat.format(parse(v)) : '—');

/** "+12 % since 3 March" (issue 14), or "+12 % against the POS cost" when there is no earlier delivery. */
export function priceChangeText(pct: number, since: string | null): string {
  const sign = pct > 0 ? '+' : pct < 0 ? '−' : '';
  const amount = `${sign}${Math.abs(Math.round(pct))} %`;
  return since ? `${amount} since ${dayMonth.format(parse(since))}` : `${amount} against the POS cost`;
}
