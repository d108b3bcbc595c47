import type { TParty } from '@orderbridge/contract';

/** Address lines of a party, as printed on an envelope. */
export function partyLines(p: TParty): string[] {
  return [
    [p.houseNum, p.address].filter(Boolean).join(' '),
    p.branch,
    [p.postCode, p.city].filter(Boolean).join(' '),
    [p.county, p.state].filter(Boolean).join(', '),
    p.country,
  ].filter((l): l is string => Boolean(l?.trim()));
}

/** A party in read-only form: name, address, contacts. */
export function PartyBlock({ title, party }: { title: string; party: TParty }) {
  const lines = partyLines(party);
  const contacts = [party.email, party.phone, party.vatNumber ? `VAT ${party.vatNumber}` : undefined].filter(
    Boolean,
  );
  return (
    <div className="min-w-0">
      <h3 className="text-xs font-medium tracking-wide text-slate-500 uppercase">{title}</h3>
      {party.name || lines.length ? (
        <div className="mt-1 text-sm text-slate-800">
          {party.name ? <p className="font-medium text-slate-900">{party.name}</p> : null}
          {lines.map((l) => (
            <p key={l}>{l}</p>
          ))}
          {contacts.map((c) => (
            <p key={c} className="truncate text-slate-600">
              {c}
            </p>
          ))}
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-500">Not on the document</p>
      )}
    </div>
  );
}
