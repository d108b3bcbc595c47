/** Multilingual label patterns (EN, DE, FR, NL), applied to normalised text (lower case, no accents). */

export type HeaderField =
  | 'invoiceNum'
  | 'orderNum'
  | 'invoiceDate'
  | 'orderDate'
  | 'dueDate'
  | 'shopAccount'
  | 'reference';

/** The rank of a plain "Date" label: it may date anything on the page. */
export const PLAIN_DATE_RANK = 4;

const NO = String.raw`(?:no\.?|nr\.?|n°|n\s?o|num(?:ber|mer|ero)?\.?|#|nummer|number)`;

/**
 * Header labels, most specific first. The number is the label's rank: it orders candidates and takes from their
 * confidence, so a label of the same specificity has the same rank in every language.
 */
export const HEADER_LABELS: Record<HeaderField, [RegExp, number][]> = {
  invoiceNum: [
    [new RegExp(String.raw`\b(?:tax\s+)?invoice\s*${NO}`), 0],
    // with the short forms of "Rechnung" ("Rg.-Nr.", "Rechn.-Nr.")
    [
      /\brechnungs?\s*-?\s*(?:nr\.?|nummer|no\.?)|\brechnungsnummer\b|^re\.?\s*-?\s*nr\b|\br(?:g|echn)\.?\s*-?\s*(?:nr|nummer)\b/,
      0,
    ],
    [/\binvoice\s+id\b/, 0],
    [/\bfactuur\s*-?\s*(?:nr\.?|nummer)|\bfactuurnummer\b|\bcreditnota\s*(?:nr|nummer)/, 0],
    [/\b(?:n[°o]|numero)\s*(?:de\s+)?(?:la\s+)?facture\b|\bfacture\s*(?:n[°o]|numero)/, 0],
    [/\bavoir\s*(?:n[°o]|numero)|\b(?:n[°o]|numero)\s*(?:d')?avoir/, 0],
    [/\bcredit\s*note\s*(?:no|number|nr|#)/, 0],
    [/\b(?:gutschrift|korrektur|storno)\w*\s*-?\s*(?:nr\.?|nummer)/, 0],
    // compounds name other documents too ("Ursprungsrechnung Nr." on a credit note)
    [
      new RegExp(String.raw`\b\w*(?:rechnung|invoice|facture|factuur|gutschrift)\w*\s*(?:\(\d+\)\s*)?${NO}`),
      1,
    ],
    // a document name of two words before its type code: "Abschlagsrechnung Dach (412) Nr. 330871"
    [
      new RegExp(
        String.raw`\b\w*(?:rechnung|invoice|facture|factuur|gutschrift)\w*\s+[a-z]+\s*\(\d+\)\s*${NO}`,
      ),
      2,
    ],
    // the document's own number: on an invoice, the invoice number
    [/\bbeleg\s*-?\s*(?:nr\.?|nummer)|\b(?:n[°o]|numero)\s*(?:de\s+)?piece\b|\bpiece\s*n[°o]/, 1],
    [/\b(?:receipt|bill|doc(?:ument)?|dok(?:ument)?|inv\.?)\s*(?:no\.?|number|nr|nummer|#)/, 11],
    [/^(?:invoice|rechnung|facture|factuur|gutschrift|avoir|credit note|rechnungskorrektur)$/, 12],
    [
      /^(?:tax\s+)?(?:invoice|rechnung|facture|factuur|gutschrift|avoir|credit note|rechnungskorrektur)(?=\s+[a-z]*[-/]?[a-z0-9-/]*\d)/,
      13,
    ],
  ],
  orderNum: [
    [new RegExp(String.raw`\b(?:purchase\s+)?order\s*${NO}`), 0],
    [
      /\bbestellung\s*(?:nr\.?|nummer|no\.?)|\bbestell\s*-?\s*(?:nr\.?|nummer|no)|\bbestellnummer\b|\bauftrags?\s*-?\s*(?:nr\.?|nummer)/,
      0,
    ],
    [/\bcommande\s*(?:n[°o]|numero)|\b(?:n[°o]|numero)\s*(?:de\s+)?(?:bon\s+de\s+)?commande/, 0],
    [
      /\bbestel(?:ling)?\s*(?:nr|nummer)|\bbestelnummer\b|\b(?:inkoop)?order\s*(?:nummer|nr\b)|\binkoopordernummer\b/,
      0,
    ],
    // the document's title as its label ("PURCHASE ORDER: 4410072", "ORDER CHANGE: PO-123-C02")
    [
      /^(?:purchase\s+order|order(?:\s+(?:change|response|confirmation))?|bestellung|bestellanderung|bon de commande|commande|bestelling)\s*:$/,
      1,
    ],
    [new RegExp(String.raw`\bp\.?o\.?\s*${NO}`), 2],
    [
      /\b(?:your|customer)\s+(?:order|p\.?o)\b|\bihre bestellung\b|\buw\s+order\b|\bbon de commande\b|\bvotre\s+commande\b|\buw\s+bestelling\b|\border\s+ref\w*|\bref\w*\.?\s*(?:de\s+)?commande\b/,
      3,
    ],
    [/^(?:purchase order|bestellung|bon de commande|bestelling|order)$/, 7],
    [/\b(?:votre|your|uw)\s+ref\w*|\bihr(?:e)?\s+(?:zeichen|referenz)\b/, 8],
  ],
  invoiceDate: [
    [
      /\b(?:invoice|tax invoice|issue|document|billing)\s+dated?\b|\bdate\s+(?:of\s+)?issued?\b|\bissued\s+on\b|\bausgestellt\s+am\b|\bemise?\s+le\b|\bfacturee?\s+le\b|\br(?:e|g|echn)\.?\s*-?\s*datum\b|\bfactuur\s+datum\b|\bdatum\s+creditnota\b|\brechnungs\s*-?\s*datum\b|\bbelegdatum\b|\bausstellungsdatum\b|\bgutschriftsdatum\b|\bdate\s+(?:de\s+)?(?:la\s+)?(?:facture|facturation|d'emission|emission)\b|\bfactuurdatum\b|\bdatum factuur\b/,
      0,
    ],
    [/^(?:date|datum|dated|le)\s*:?$/, PLAIN_DATE_RANK],
    [/\bdate\b|\bdatum\b/, PLAIN_DATE_RANK + 1],
  ],
  orderDate: [
    [
      /\border\s*date\b|\bdate\s+of\s+(?:the\s+)?order\b|\bp\.?o\.?\s+date\b|\bbestelldatum\b|\bbestellt\s+am\b|\bdate\s+(?:de\s+)?(?:la\s+)?commande\b|\bcommandee?\s+le\b|\bbesteldatum\b|\border\s*datum\b|\bdatum\s+bestelling\b|\bauftragsdatum\b/,
      0,
    ],
  ],
  dueDate: [
    [
      /\bdue\s+date\b|\bpayment\s+due\b|\bdue\s+(?:by|on)\b|\bpay(?:able)?\s+(?:by|before)\b|\bpayment\s+deadline\b|\bzahlungstermin\b|\bzu\s+zahlen\s+bis\b|\bdate\s+limite\b|\buiterste\s+betaal\w*|\buiterlijk\s+betalen\b|\bf[aeio]ll?ig\w*\b|\bzahlbar\s+bis\b|\bzahlungsziel\b|\becheance\b|\bvervaldatum\b|\bvervaldag\b|\bbetalen\s+voor\b/,
      0,
    ],
    // "Bitte überweisen Sie bis zum 30.05.2017", "please pay by", "à régler avant le"
    [
      /\b(?:uberweisen|zahlen|bezahlen)\s+(?:sie\s+)?(?:den\s+betrag\s+)?bis(?:\s+zum)?\b|\b(?:regler|payer)\s+avant\s+le\b/,
      2,
    ],
  ],
  shopAccount: [
    [
      /\bkunden\s*-?\s*(?:nr\.?|nummer|no)|\bkundennummer\b|\bcustomer\s*(?:no\.?|number|id|account|code|#)|\bkd\.?\s*-?\s*(?:nr|nummer)\b|\bkundenkonto\b|\bref\w*\.?\s*client\b|\bcompte\s+client\b|\baccount\s*(?:no\.?|number|#)|\b(?:n[°o]|code|numero)\s*client\b|\bclient\s*(?:n[°o]|numero)|\bklant\s*(?:nr|nummer|code)|\bklantnummer\b|\bdebiteur\s*(?:nr|nummer)/,
      0,
    ],
    // "Account" as a label of its own, or starting its cell before a colon ("Account: K-22370"); a bank
    // account says "bank" or "IBAN"
    [/^account\s*(?::|$)/, 1],
  ],
  reference: [
    [/\bbuyer\s+reference\b|\bihr\s+zeichen\b|\bvotre\s+reference\b|\buw\s+referentie\b|\bleitweg/, 0],
  ],
};

/** Labels that must not be taken for the plain "date" label. */
export const NOT_INVOICE_DATE =
  /(due|fallig|echeance|verval|liefer|delivery|livraison|(?:\b|af)lever|\bship|versand|expedi|verzend|verzonden|\border|bestell|commande|period|zeitraum|leistungs|geburt|payment|zahlung|paiement|print|druck|impression|edite|afgedrukt|limite\b|betaal|\bp\.?o\.?\s+date)/;

export type TotalField = 'subtotal' | 'net' | 'vat' | 'invoiceTotal' | 'discount' | 'charges';

/** Each label has a priority: more specific labels win over generic ones. */
export const TOTAL_LABELS: Record<TotalField, [RegExp, number][]> = {
  invoiceTotal: [
    [
      /\b(?:grand|invoice|factuur|rechnungs?)\s*tota(?:a)?l\b|\btotal\s+(?:due|payable|to pay|a payer|incl\w*|ttc|inc\.?\s*(?:gst|vat|tax))\b/,
      5,
    ],
    [
      /\btotal\s+amount\b(?!\s+(?:of|without|excl|before|net))|\btotal\s+gross\b|\bgross\s+(?:amount|total)\b/,
      5,
    ],
    [/\bamount\s+(?:due|payable)\b|\bbalance\s+due\b/, 3],
    [/\bzahlbetrag\b|\bzu\s+zahlen\b/, 3],
    [
      /\bgesamtbetrag\b|\brechnungsbetrag\b|\b\w*endbetrag\b|\bbruttobetrag\b|\bgesamt\s*brutto\b|\bsumme\s*brutto\b|\bbrutto\s*(?:betrag|summe)\b|\bgesamtsumme\b(?!\s+netto)/,
      5,
    ],
    [
      /\btotal\s+(?:ttc|general)\b|\bmontant\s+ttc\b|\bmontant\s+total\b|\bendsumme\b|\bfactuurbedrag\b|\bbruttosumme\b|\brechnungssumme\b(?!\s+ohne)|\bsumme\s+inkl/,
      5,
    ],
    [/\bnet\s+a\s+payer\b|\breste\s+a\s+payer\b|\bmontant\s+du\b|\bsolde\b/, 3],
    [/\btotaal\s+(?:incl\w*|te betalen)\b|\bte\s+betalen\b|\btotaalbedrag\b/, 5],
    [/\bte\s+voldoen\b/, 3],
    [/\bnett?\s+total\b|\btotal\s+(?:rm|sales|\(rm\))|\brounded\s+total\b|\btotal\s+payable\b/, 4],
    [
      /^\s*(?:total|totaal|summe|gesamt|betrag|amount)\b(?!\s+(?:ht|net|excl|hors|of|without|before|tva|vat|tax|mwst|btw|qty|page|items?|articles?|artikel\w*|goods|lines|regels|waren))/,
      2,
    ],
    [
      /(?<!\b(?:page|goods|items?)\s)\btotal\b(?!\s+(?:ht|net|excl|hors|of|without|before|tva|vat|tax|mwst|btw|qty|page|items?|articles?|goods|lines))|\btotaal\b(?!\s+(?:excl|regels|artikelen))/,
      1,
    ],
  ],
  net: [
    [
      /\btotal\s*ht\b|\btotal\s+hors\s+taxes?\b|\bmontant\s+(?:total\s+)?ht\b|\btotal\s+net\b|\bnet\s+(?:total|amount|value|ht)\b|\bnetto(?:wert|summe)\b|\bmontant\s+net\b|\btotal\s+excl\w*\b|\btotaal\s+excl\w*\b|\bnettobetrag\b|\bsumme\s*netto\b|\bgesamt\s*netto\b|\bnetto\s*(?:betrag|summe|gesamt)\b|\bgesamtsumme\s+netto\b|\bnetto\b|\btotal\s+before\s+tax\b|\btaxable\s+amount\b|\bsteuerbasis\b|\bbase\s+ht\b|\btotal\s+hors\s+tva\b|\bamount\s+excl|\bohne\s+(?:ust|mwst|umsatzsteuer)\b|\bexcl\w*\s+(?:vat|tax|btw)\b|\bwithout\s+(?:vat|tax)\b/,
      5,
    ],
    [/\bgrondslag\b|\bbemessungsgrundlage\b|\bbase\s+(?:tva|imposable)\b|\btaxable\b/, 2],
  ],
  subtotal: [
    [
      /\bsub\s*-?\s*total\b|\bzwischensumme\b|\bsous\s*-?\s*total\b|\bsubtotaal\b|\bwarenwert\b|\bsumme\s+(?:der\s+)?positionen\b|\bpositionssumme\b|\btotal\s+(?:des\s+)?lignes\b|\bsumme\s+rechnungspositionen\b|\bsum\s+of\s+(?:line|item)s?\b|\bgesamtsumme\s+positionen\b|\bsumme\s+positionen\b|\btotal\s+ht\s+(?:des\s+)?lignes\b|\blines?\s+total\b|\bsom\s+regels\b|\btotal\s+amount\s+of\s+lines\b|\bsomme\s+des\s+lignes\b|\b(?:total|totaal|summe|gesamt)\s+(?:items?|articles?|artikel\w*|goods|lines|regels|waren|marchandises)\b|\b(?:goods|items?|articles?|waren)\s+total\b/,
      5,
    ],
  ],
  vat: [
    [
      /\btotal\s+(?:tva|vat|tax|gst|mwst|btw)\b|\b(?:tva|vat|gst|mwst|ust|btw)\s+(?:total|amount|bedrag|betrag)\b|\bsumme\s+(?:ust|mwst|umsatzsteuer)\b|\bgesamt\s*(?:ust|mwst)\b|\bmontant\s+tva\b|\btotal\s+taxes?\b|\bsteuerbetrag\b|\b(?:mwst|ust)\.?-?betrag\b|\bumsatzsteuerbetrag\b/,
      5,
    ],
    [
      /\b(?:vat|tax|gst|mwst|ust|umsatzsteuer|mehrwertsteuer|tva|btw|sales tax)\b(?!\s*(?:id|no|nr|number|nummer|reg|registration|identifi))/,
      2,
    ],
  ],
  discount: [
    [
      /\bgesamtbetrag\s+der\s+abschlage\b|\ballowances?\s+(?:total\s+)?amount\b|\btotal\s+(?:des\s+)?(?:remises|allowances?)\b/,
      5,
    ],
    // "Zu-/Abschlag": the signed step from the goods value to the net, an allowance when it lowers the amount
    // "ohne Abzug" is a payment term
    [
      /\bdiscount\b|\b(?:sonder)?rabatt\b|\bnachlass\b|\bremise\b|\brabais\b|\breduction\b|\breductie\b|\ballowance\b|(?<!ohne\s)\babzug\b|\bkorting\b|\bzu-?\s*\/\s*abschlage?\b/,
      3,
    ],
  ],
  charges: [
    [
      /\bgesamtbetrag\s+der\s+zuschlage\b|\bcharges?\s+(?:total\s+)?amount\b|\btotal\s+(?:des\s+)?(?:charges|frais)\b|\btotal\s+charges\b/,
      5,
    ],
  ],
};

/**
 * Two-word column labels that must not be split into two columns. A tax code's heading ("VAT code", "Code TVA")
 * is one: its "code" names no column of article numbers.
 */
export const COLUMN_PHRASE =
  /\b(?:unit\s*(?:price|cost)|line\s+(?:total|discounts?|allowances?|charges?)|total\s+(?:price|ht|net)|prix\s+(?:unit\w*|ht|total)|p\.?\s?u\.?\s*ht|net\s+(?:amount|price)|montant\s+ht|item\s+(?:code|no)|product\s+code|part\s+no|einzel\s*preis|gesamt\s*preis|art\.?\s*-?\s*nr|code\s+article|article\s+code|artikel\s*-?\s*nr\.?|item\s+description|product\s+description|nom\s*&?\s*designation|(?:vat|tax|btw|mwst|ust)\.?\s*-?\s*code|code\s+(?:tva|btw)|(?:mwst|u?st)\.?\s*-?\s*kz)\b/;

export type ColumnKind =
  | 'desc'
  | 'qty'
  | 'price'
  | 'amount'
  | 'code'
  | 'vat'
  | 'unit'
  | 'discount'
  | 'pos'
  /** the number of units the price is for ("price per 100", "Preiseinheit") */
  | 'base'
  | 'other';

export const COLUMN_LABELS: [ColumnKind, RegExp][] = [
  ['amount', /(?:netto|gesamt|positions|zeilen)wert\b|\bline\s+amount\b|\bmontant\s+net\b/],
  // before the prices: "Ext. price" (extended price) is the line amount
  [
    'amount',
    /\b(?:gesamt\w*|total\s+price|ext\w*\.?\s*price|line\s+total|prix\s+total|totaalprijs|montant\s+ht)\b/,
  ],
  [
    'price',
    /preis\b|prijs\b|\b(?:unit\s*price|price|prix(?:\s+unit\w*)?|p\.?\s?u\.?(?:\s*ht)?|stukprijs|prijs|rate|unit\s*cost|tarif|p\/st|prijs\/st|per\s+stuk|each)\b/,
  ],
  [
    'amount',
    /betrag\b|\b(?:amount|total|[a-z]*totaal|line\s+total|gesamt\w*|gp|summe|montant|total\s*ht|bedrag|totaal|net\s+amount|netto|waarde|wert)\b/,
  ],
  ['base', /\b(?:(?:price\s+)?base\s+(?:qty|quantity)|preiseinheit|pe|per|prijs\s+per|prix\s+par)\b/],
  [
    'qty',
    /menge\b|\b(?:qty|quantity|units|anzahl|qte|quantite|aantal|aant|hoeveelheid|stk|hrs|hours|uren|qt|mng|anz|nb|nbre|nombre|pcs|pieces)\b/,
  ],
  // a column of line allowances and charges, by its plural or its general word ("Rabatte / Aufschläge",
  // "Adjustments", "Aanpassingen"): the allowance under each row's label is that row's
  [
    'discount',
    /\b(?:discounts?|rabatte?|remises?|kortingen|korting|disc|rem|rab|abzuge|adjustments?|ajustements?|aanpassingen|allowances?)\b/,
  ],
  // ("St.-Kz.": the Steuerkennzeichen, a tax code's heading)
  ['vat', /\b(?:vat|mwst|ust|tva|btw|tax|steuer\w*|st\.?\s*-?\s*kz)\b|%/],
  ['unit', /\b(?:unit|einheit|unite|eenheid|uom|me)\b/],
  [
    'code',
    /\b(?:[a-z]*code|(?:product|item|article|artikel)\s*id|art\.?\s*-?\s*nr\.?|artikel\s*-?\s*(?:nr|nummer)|item\s*(?:no|#|code)|sku|ref\w*|reference|artikelnr|product\s*code|part\s*no|ean|gtin)\b/,
  ],
  [
    'desc',
    // (with the usual abbreviations: "Bez.", "Beschr.", "Omschr.", "Descr.")
    /\b(?:produkt|artikelbezeichnung|description|bezeichnung|artikelbezeichnung|beschreibung|leistung\w*|designation|libelle|omschrijving|beschrijving|product|article|artikel|item|produit|text|tekst|details|service|dienst\w*|prestation|bez|beschr|omschr|descr?)\b/,
  ],
  ['pos', /^(?:pos\.?|position|#|no\.?|n°|nr\.?|ligne|line|lfd\.?\s*nr\.?)$/],
];

/** Lines that end a table or are summary rows, never items. */
export const SUMMARY_ROW =
  /\b(?:sub\s*-?\s*total|total|totaal|summe|zwischensumme|gesamt\w*|montant|net\s+a\s+payer|netto\w*|brutto\w*|\w*summe|mwst\w*|subtotaal|amount\s+due|balance|tax|vat|mwst|ust\.?|tva|btw|rounding|cash|change|carried|ubertrag|report|warenwert|basisbetrag|steuerbetrag|zahlbetrag|positionssumme|som)\b/;
export const DISCOUNT_ROW = /\b(?:discount|rabatt|nachlass|remise|korting|skonto)\b/;
/** "Charge 117", "Charge-Nr. 45", "Charge: L23294": a batch (German, Dutch) in an item's description, never a charge. */
export const BATCH_WORD = /\bcharge\s*(?:-?\s*(?:nr|no)\.?)?\s*:?\s*[a-z]?\d/;
export const CHARGE_ROW = /\b(?:shipping|freight|versand\w*|fracht|frais|port|verzending|charge|zuschlag)\b/;
/** Carriage by its words ("Vrachtkosten", "Frais de port"): never goods, unlike packing or a batch's "Charge 117". */
export const CARRIAGE_ROW =
  /\b(?:shipping|freight|carriage|postage|delivery\s+charge|versand\w*|fracht\w*|porto|frais\s+de\s+(?:port|livraison|transport|envoi)|verzend\w*|vracht\w*|transportkosten)\b/;
/** A charge row of the totals block: packaging and handling are charged like carriage there, where in an item
 * table the same words name goods ("Packing tape") */
export const TOTALS_CHARGE_ROW =
  /\b(?:shipping|freight|carriage|postage|versand\w*|fracht\w*|frais|port|porto|verzend\w*|vracht\w*|transportkosten|charge|zuschlag|verpackung|packaging|packing|emballage|verpakking|handling)\b/;

export const PARTY_LABELS = {
  vendor:
    /\b(?:seller|vendor|supplier|lieferant|verkaufer|fournisseur|vendeur|leverancier|verkoper|from|absender|emetteur|rechnungssteller)\b/,
  invoiceTo:
    /\b(?:bill(?:ed)?\s+to|invoice\s+to|sold\s+to|invoice\s+address|billing\s+address|customer|buyer|rechnungs\s*(?:empfanger|adresse|anschrift)|kunde|kaufer|auftraggeber|adresse\s+(?:du\s+)?client|client|acheteur|facture\s+a|factuuradres|klant|afnemer|koper|gefactureerd\s+aan|factureren\s+aan|facturatieadres|rechnung\s+an|invoiced\s+to|adresse\s+de\s+facturation|to)\b/,
  recipient:
    /\b(?:ship\s+to|deliver\w*\s+to|delivery\s+address|liefer\s*(?:adresse|anschrift)|lieferung\s+an|warenempfanger|adresse\s+de\s+livraison|livraison|livre\s+a|afleveradres|leveradres)\b/,
};

export const LEGAL_FORM =
  /(?<![\d.,]\s?)\b(?:gmbh|ag|kg|ohg|ug|e\.\s?k\.|mbh|sarl|s\.a\.r\.l\.|sas|s\.a\.s\.|sa|eurl|ltd|limited|llc|inc|corp|b\.?v\.?|n\.?v\.?|plc|sdn\.?\s*bhd|bhd|enterprise|trading|s\.?r\.?l\.?|s\.?p\.?a\.?|co\.|v\.o\.f\.?|vof|c\.v\.|gbr|kgaa|bvba|sprl|snc|sasu|llp|pty)(?![\p{L}])/iu;

export const DOC_TYPE: [RegExp, 'creditNote' | 'order' | 'deliveryNote' | 'invoice'][] = [
  [
    /\b(?:credit\s*note|gutschrift|avoir|creditnota|credit\s*factuur|rechnungskorrektur|stornorechnung|korrekturrechnung|facture\s+rectificative)\b/,
    'creditNote',
  ],
  [/\b(?:delivery\s+note|lieferschein|bon\s+de\s+livraison|pakbon|packing\s+slip)\b/, 'deliveryNote'],
  [/\b(?:invoice|facture|factuur|bill)\b|rechnung\b/, 'invoice'],
  [
    /\b(?:purchase\s+order|order|bestellung|auftrag|bon\s+de\s+commande|commande|bestelling|inkooporder)\b/,
    'order',
  ],
];
