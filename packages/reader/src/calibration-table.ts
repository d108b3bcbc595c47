// Written by `npx tsx bench/reader/calibration.ts --write generated-1132720 generated-1132721 generated-1132722 generated-1132723 generated-1132724 generated-1132725 generated-1132726 generated-1132727 generated-1132728 generated-1132729 generated-1132510 generated-1132511 generated-1132512 generated-1132513 generated-1132514 generated-1132515 generated-1132516 generated-1132517 generated-1132520 generated-1132521 dev-raw@fit` (1049 documents read with
// --raw-confidence): do not edit by hand.
/** Per field: [raw confidence from, share right] bins, measured on the calibration set. */
export const CALIBRATION: Record<string, [number, number][]> = {
  'headers.dueDate': [
    [0, 0.968],
    [0.88, 0.99],
  ],
  'headers.invoiceDate': [
    [0, 0.972],
    [0.8, 0.972],
    [0.87, 0.99],
    [0.88, 0.99],
  ],
  'headers.invoiceNum': [
    [0, 0.923],
    [0.66, 0.927],
    [0.86, 0.965],
    [0.88, 0.99],
  ],
  'headers.orderDate': [
    [0, 0.775],
    [0.87, 0.973],
    [0.88, 0.984],
  ],
  'headers.orderNum': [
    [0, 0.95],
    [0.82, 0.983],
    [0.88, 0.99],
  ],
  'headers.shopAccount': [
    [0, 0.946],
    [0.8, 0.971],
    [0.86, 0.982],
    [0.88, 0.985],
  ],
  'invoiceTo.name': [
    [0, 0.99],
    [0.9, 0.99],
  ],
  items: [
    [0, 0.477],
    [0.07, 0.525],
    [0.08, 0.534],
    [0.22, 0.621],
    [0.26, 0.729],
    [0.27, 0.838],
    [0.3, 0.867],
    [0.73, 0.87],
    [0.76, 0.903],
    [0.79, 0.93],
    [0.85, 0.949],
    [0.89, 0.99],
    [0.91, 0.99],
    [0.93, 0.99],
    [0.96, 0.99],
    [0.99, 0.99],
  ],
  'totals.invoiceTotal': [
    [0, 0.758],
    [0.8, 0.99],
    [0.95, 0.99],
    [0.97, 0.99],
  ],
  'totals.net': [
    [0, 0.924],
    [0.8, 0.99],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'totals.subtotal': [
    [0, 0.98],
    [0.8, 0.99],
  ],
  'totals.vat': [
    [0, 0.917],
    [0.8, 0.99],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'vendor.name': [
    [0, 0.97],
    [0.9, 0.99],
  ],
  'vendor.vatNumber': [
    [0, 0.9],
    [0.88, 0.99],
  ],
};
