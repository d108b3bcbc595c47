import type { FastifyReply } from 'fastify';

/** One CSV field: quoted when it holds a separator, quote or line break; formulas are defused for spreadsheets. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export const csv = (header: string[], rows: unknown[][]) =>
  `${[header, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;

/** A CSV download named after what it holds and the date range asked for. */
export function sendCsv(
  reply: FastifyReply,
  name: string,
  range: { from?: string; to?: string },
  body: string,
) {
  const suffix = [range.from, range.to].filter(Boolean).join('_to_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}${suffix ? `-${suffix}` : ''}.csv"`)
    .send(body);
}
