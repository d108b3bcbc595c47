// Written by `npx tsx bench/reader/calibration.ts --write generated-5201 generated-5202 generated-5203 generated-5204 dev-raw@fit` (177 documents read with
// --raw-confidence): do not edit by hand.
/** Per field: [raw confidence from, share right] bins, measured on the calibration set. */
export const CALIBRATION: Record<string, [number, number][]> = {
  'headers.dueDate': [
    [0, 0.931],
    [0.8, 0.95],
    [0.88, 0.989],
  ],
  'headers.invoiceDate': [
    [0, 0.863],
    [0.8, 0.95],
    [0.85, 0.951],
    [0.88, 0.985],
  ],
  'headers.invoiceNum': [
    [0, 0.893],
    [0.8, 0.969],
    [0.88, 0.985],
    [0.9, 0.987],
  ],
  'headers.orderDate': [[0, 0.963]],
  'headers.orderNum': [
    [0, 0.919],
    [0.8, 0.933],
    [0.82, 0.958],
    [0.9, 0.975],
  ],
  'headers.shopAccount': [[0, 0.94]],
  'invoiceTo.name': [
    [0, 0.92],
    [0.9, 0.99],
  ],
  items: [
    [0, 0.046],
    [0.18, 0.071],
    [0.27, 0.186],
    [0.33, 0.299],
    [0.43, 0.714],
    [0.8, 0.839],
    [0.85, 0.955],
    [0.88, 0.958],
    [0.89, 0.965],
    [0.9, 0.975],
    [0.98, 0.99],
  ],
  'totals.invoiceTotal': [
    [0, 0.642],
    [0.95, 0.99],
    [0.97, 0.99],
  ],
  'totals.net': [
    [0, 0.693],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'totals.subtotal': [
    [0, 0.895],
    [0.8, 0.99],
  ],
  'totals.vat': [
    [0, 0.667],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'vendor.name': [
    [0, 0.921],
    [0.9, 0.99],
  ],
  'vendor.vatNumber': [
    [0, 0.89],
    [0.88, 0.99],
  ],
};
