import type { THome } from '@orderbridge/contract';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

const dayLabel = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const label = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/**
 * Documents read per day, split into those that went straight through to an order and those a person reviewed
 * (a stacked bar chart, recharts). The same figures are in a table for screen readers.
 */
export function ReadingChart({ days }: { days: THome['documentsPerDay'] }) {
  const data = days.map((d) => ({
    day: label(d.date),
    'Straight through': d.straightThrough,
    'Reviewed by a person': d.read - d.straightThrough,
  }));
  const read = days.reduce((s, d) => s + d.read, 0);
  const straight = days.reduce((s, d) => s + d.straightThrough, 0);
  return (
    <figure>
      <figcaption className="mb-3 text-sm text-slate-600">
        {read
          ? `${read} document${read === 1 ? '' : 's'} read in ${days.length} days, ${Math.round((straight / read) * 100)} % straight through.`
          : `No documents read in the last ${days.length} days.`}
      </figcaption>
      <div className="h-56 w-full" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 4, right: 4, bottom: 0, left: -24 }}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="day"
              tick={{ fontSize: 12, fill: '#475569' }}
              tickLine={false}
              interval="preserveStartEnd"
            />
            <YAxis
              allowDecimals={false}
              tick={{ fontSize: 12, fill: '#475569' }}
              tickLine={false}
              axisLine={false}
            />
            <Tooltip cursor={{ fill: '#f1f5f9' }} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="Straight through" stackId="read" fill="#16a34a" isAnimationActive={false} />
            <Bar
              dataKey="Reviewed by a person"
              stackId="read"
              fill="#4f46e5"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Documents read per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Read</th>
            <th scope="col">Straight through</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{label(d.date)}</th>
              <td>{d.read}</td>
              <td>{d.straightThrough}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
