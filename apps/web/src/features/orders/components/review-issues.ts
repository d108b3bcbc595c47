import type { TIssue, TReviewOrder } from '@orderbridge/contract';

/** The sections of a document under review, as issues name them (`table`). */
export type TReviewTable = 'headers' | 'totals' | 'vendor' | 'recipient' | 'invoiceTo' | 'items' | 'document';

/** Words for a field named by an issue's table and column. */
export const FIELD_LABELS: Record<string, string> = {
  'headers.invoiceNum': 'Invoice number',
  'headers.orderNum': 'Order number',
  'headers.invoiceDate': 'Invoice date',
  'headers.orderDate': 'Order date',
  'headers.dueDate': 'Due date',
  'headers.reference': 'Reference',
  'headers.shopAccount': 'Account number',
  'headers.shopVat': 'Your VAT number',
  'totals.goods': 'Goods',
  'totals.net': 'Net total',
  'totals.subtotal': 'Subtotal',
  'totals.vat': 'VAT',
  'totals.discount': 'Discount',
  'totals.charges': 'Charges',
  'totals.invoiceTotal': 'Invoice total',
  'vendor.name': 'Supplier name',
  'vendor.address': 'Supplier address',
  'vendor.vatNumber': 'Supplier VAT number',
  'recipient.name': 'Deliver-to name',
  'invoiceTo.name': 'Invoice-to name',
  'items.itemCode': 'Code',
  'items.itemDesc': 'Description',
  'items.itemQty': 'Quantity',
  'items.price': 'Unit price',
  'items.amount': 'Amount',
  'items.discount': 'Discount',
  'items.vat': 'VAT %',
};

/** Where an issue belongs: a header/party/total field, an item's field, or the document as a whole. */
export const issueKey = (i: Pick<TIssue, 'table' | 'column'>) => `${i.table}.${i.column}`;

/** The issues of one field (item fields also by item id). */
export function issuesOf(
  issues: readonly TIssue[],
  table: string,
  column: string,
  itemId: number | null = null,
): TIssue[] {
  return issues.filter(
    (i) => i.table === table && i.column === column && (table !== 'items' || i.tempOrderItemId === itemId),
  );
}

/** A one-line description of where an issue is, for lists: "Line 2 · Amount", "Invoice total". */
export function issuePlace(issue: TIssue, items: TReviewOrder['items']): string {
  const field = FIELD_LABELS[issueKey(issue)] ?? issue.column;
  if (issue.table === 'items') {
    const item = items.find((it) => it.id === issue.tempOrderItemId);
    return item ? `Line ${item.lineNo} · ${field}` : `Items · ${field}`;
  }
  if (issue.table === 'document') return 'Document';
  return field;
}

/** Box keys (`headers.invoiceNum`, `items.0`) of the fields that have issues. */
export function issueBoxKeys(doc: Pick<TReviewOrder, 'issues' | 'items'>): Set<string> {
  const keys = new Set<string>();
  for (const i of doc.issues) {
    if (i.table === 'items') {
      const index = doc.items.findIndex((it) => it.id === i.tempOrderItemId);
      if (index >= 0) keys.add(`items.${index}`);
    } else keys.add(issueKey(i));
  }
  return keys;
}
