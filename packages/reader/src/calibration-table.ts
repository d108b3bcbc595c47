// Written by `npx tsx bench/reader/calibration.ts --write generated-1132410 generated-1132411 generated-1132412 generated-1132413 generated-1132414 generated-1132415 generated-1132416 generated-1132417 generated-1132420 generated-1132421 dev-raw@fit` (521 documents read with
// --raw-confidence): do not edit by hand.
/** Per field: [raw confidence from, share right] bins, measured on the calibration set. */
export const CALIBRATION: Record<string, [number, number][]> = {
  'headers.dueDate': [
    [0, 0.912],
    [0.8, 0.95],
    [0.88, 0.99],
  ],
  'headers.invoiceDate': [
    [0, 0.947],
    [0.8, 0.971],
    [0.88, 0.99],
  ],
  'headers.invoiceNum': [
    [0, 0.91],
    [0.86, 0.956],
    [0.88, 0.99],
    [0.9, 0.99],
  ],
  'headers.orderDate': [
    [0, 0.866],
    [0.88, 0.983],
  ],
  'headers.orderNum': [
    [0, 0.922],
    [0.82, 0.976],
    [0.88, 0.99],
  ],
  'headers.shopAccount': [
    [0, 0.952],
    [0.86, 0.957],
    [0.88, 0.987],
  ],
  'invoiceTo.name': [
    [0, 0.989],
    [0.8, 0.99],
  ],
  items: [
    [0, 0.24],
    [0.28, 0.33],
    [0.43, 0.885],
    [0.74, 0.969],
    [0.76, 0.975],
    [0.89, 0.987],
    [0.91, 0.99],
    [0.96, 0.99],
    [0.98, 0.99],
  ],
  'totals.invoiceTotal': [
    [0, 0.7],
    [0.8, 0.985],
    [0.95, 0.99],
    [0.97, 0.99],
  ],
  'totals.net': [
    [0, 0.893],
    [0.8, 0.985],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'totals.subtotal': [
    [0, 0.978],
    [0.8, 0.99],
  ],
  'totals.vat': [
    [0, 0.885],
    [0.8, 0.983],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'vendor.name': [
    [0, 0.972],
    [0.9, 0.99],
  ],
  'vendor.vatNumber': [
    [0, 0.867],
    [0.88, 0.99],
  ],
};
