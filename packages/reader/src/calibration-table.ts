// Written by `npx tsx bench/reader/calibration.ts --write generated-1132510 generated-1132511 generated-1132512 generated-1132513 generated-1132514 generated-1132515 generated-1132516 generated-1132517 generated-1132520 generated-1132521 dev-raw@fit` (521 documents read with
// --raw-confidence): do not edit by hand.
/** Per field: [raw confidence from, share right] bins, measured on the calibration set. */
export const CALIBRATION: Record<string, [number, number][]> = {
  'headers.dueDate': [
    [0, 0.94],
    [0.84, 0.953],
    [0.88, 0.99],
  ],
  'headers.invoiceDate': [
    [0, 0.948],
    [0.8, 0.959],
    [0.87, 0.99],
    [0.88, 0.99],
  ],
  'headers.invoiceNum': [
    [0, 0.906],
    [0.66, 0.916],
    [0.86, 0.955],
    [0.88, 0.99],
    [0.9, 0.99],
  ],
  'headers.orderDate': [
    [0, 0.944],
    [0.87, 0.958],
    [0.88, 0.985],
  ],
  'headers.orderNum': [
    [0, 0.92],
    [0.82, 0.986],
    [0.88, 0.99],
  ],
  'headers.shopAccount': [
    [0, 0.947],
    [0.86, 0.954],
    [0.88, 0.986],
  ],
  'invoiceTo.name': [
    [0, 0.99],
    [0.9, 0.99],
  ],
  items: [
    [0, 0.005],
    [0.03, 0.484],
    [0.11, 0.71],
    [0.24, 0.751],
    [0.26, 0.883],
    [0.3, 0.957],
    [0.43, 0.963],
    [0.88, 0.979],
    [0.89, 0.989],
    [0.91, 0.99],
    [0.96, 0.99],
    [0.98, 0.99],
  ],
  'totals.invoiceTotal': [
    [0, 0.788],
    [0.8, 0.99],
    [0.95, 0.99],
    [0.97, 0.99],
  ],
  'totals.net': [
    [0, 0.847],
    [0.8, 0.99],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'totals.subtotal': [
    [0, 0.978],
    [0.8, 0.99],
  ],
  'totals.vat': [
    [0, 0.929],
    [0.8, 0.99],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'vendor.name': [
    [0, 0.975],
    [0.9, 0.99],
  ],
  'vendor.vatNumber': [
    [0, 0.878],
    [0.88, 0.99],
  ],
};
