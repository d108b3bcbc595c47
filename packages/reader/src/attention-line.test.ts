import { describe, expect, it } from 'vitest';
import { readTextPage as read, type PlacedText as Text, tableTexts as table } from './__tests__/make-docs.js';

/** The page under the header: a one-row item table under `heading`, its totals, the vendor's footer. */
const rest = (heading: string[], vendor: string): Text[] => [
  ...table(230, [60, 330, 400, 480], [heading, ['Gummiband rot 50 mm', '3', '10,00', '30,00']]),
  [330, 280, 'Summe netto'],
  [480, 280, '30,00'],
  [330, 294, 'MwSt. 19 %'],
  [480, 294, '5,70'],
  [330, 308, 'Gesamtbetrag'],
  [480, 308, '35,70'],
  [50, 770, vendor, 7],
  [220, 770, 'USt-IdNr. DE999888777', 7],
  [380, 770, 'IBAN DE11 2222 3333 4444 5555 66', 7],
];

/**
 * A letterhead and, in the address window, a buyer whose name begins with the same word as the vendor's
 * (printed on one line with a header field and its number), a line for the attention of a person under it.
 */
const page: Text[] = [
  [60, 45, 'Quarkwerk Trading KG', 16, 'Helvetica-Bold'],
  [60, 62, 'Lindenallee 9'],
  [60, 74, '12345 Musterstadt'],
  [440, 100, 'RECHNUNG', 16],
  [60, 140, 'Quarkwerk Papier GmbH & Co. KG'],
  [360, 140, 'Rechnungsnummer:'],
  [460, 140, 'RE 2023-4711'],
  [60, 152, 'z. Hd. Frau Meier'],
  [360, 152, 'Rechnungsdatum:'],
  [460, 152, '14.03.2023'],
  [60, 164, 'Ahornweg 3'],
  [60, 176, '54321 Beispielheim'],
  ...rest(['Bezeichnung', 'Menge', 'Preis', 'Betrag'], 'Quarkwerk Trading KG'),
];

describe('a line for the attention of a person', () => {
  it("is never the buyer's name, where the name over it begins like the vendor's", async () => {
    const r = await read(page);
    expect(r.vendor.name).toBe('Quarkwerk Trading KG');
    expect(r.invoiceTo.name).toBe('Quarkwerk Papier GmbH & Co. KG');
  });
});

describe('a block addressed to a person, without a heading or a sender line', () => {
  it('is the buyer: its street and town under the attention line belong to it', async () => {
    const r = await read([
      [60, 45, 'VAN', 16, 'Helvetica-Bold'],
      [440, 60, 'RECHNUNG', 16],
      [60, 90, 'Atlas Bäckerei GmbH'],
      [60, 104, 'z. Hd. Frau Schmidt'],
      [60, 118, 'Am Markt 3'],
      [60, 132, '20095 Hamburg'],
      [60, 160, 'Re.-Nr.'],
      [200, 160, 'Rechnungsdatum'],
      [60, 172, '0162157'],
      [200, 172, '11. Februar 2023'],
      ...rest(['Leistung', 'Anzahl', 'Preis', 'Gesamt'], 'Van Dijk Hardware GmbH'),
    ]);
    expect(r.vendor.name).toBe('Van Dijk Hardware GmbH');
    expect(r.invoiceTo).toMatchObject({ name: 'Atlas Bäckerei GmbH', postCode: '20095', city: 'Hamburg' });
  });
});
