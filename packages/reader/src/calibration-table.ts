// Written by `npx tsx bench/reader/calibration.ts --write generated-2001 generated-2002 generated-2003 dev-corpus` (184 documents read with
// --raw-confidence): do not edit by hand.
/** Per field: [raw confidence from, share right] bins, measured on the calibration set. */
export const CALIBRATION: Record<string, [number, number][]> = {
  'headers.dueDate': [
    [0, 0.968],
    [0.88, 0.988],
  ],
  'headers.invoiceDate': [
    [0, 0.775],
    [0.7, 0.866],
    [0.8, 0.956],
    [0.85, 0.971],
    [0.88, 0.99],
  ],
  'headers.invoiceNum': [
    [0, 0.883],
    [0.8, 0.965],
    [0.88, 0.99],
  ],
  'headers.orderDate': [[0, 0.946]],
  'headers.orderNum': [
    [0, 0.915],
    [0.8, 0.936],
    [0.82, 0.958],
    [0.84, 0.962],
    [0.88, 0.981],
  ],
  'headers.shopAccount': [
    [0, 0.841],
    [0.8, 0.933],
    [0.88, 0.969],
  ],
  'invoiceTo.name': [
    [0, 0.965],
    [0.9, 0.99],
  ],
  'totals.invoiceTotal': [
    [0, 0.758],
    [0.95, 0.99],
  ],
  'totals.net': [
    [0, 0.908],
    [0.93, 0.99],
  ],
  'totals.subtotal': [
    [0, 0.929],
    [0.8, 0.975],
  ],
  'totals.vat': [
    [0, 0.941],
    [0.93, 0.986],
  ],
  'vendor.name': [
    [0, 0.608],
    [0.8, 0.793],
    [0.9, 0.977],
  ],
  'vendor.vatNumber': [
    [0, 0.89],
    [0.88, 0.99],
  ],
};
