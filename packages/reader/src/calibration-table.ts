// Written by `npx tsx bench/reader/calibration.ts --write generated-1132720 generated-1132720-r33 generated-1132721 generated-1132721-r33 generated-1132722 generated-1132722-r33 generated-1132723 generated-1132723-r33 generated-1132724 generated-1132724-r33 generated-1132725 generated-1132725-r33 generated-1132726 generated-1132726-r33 generated-1132727 generated-1132727-r33 generated-1132728 generated-1132728-r33 generated-1132729 generated-1132729-r33 generated-1132510 generated-1132510-r33 generated-1132511 generated-1132511-r33 generated-1132512 generated-1132512-r33 generated-1132513 generated-1132513-r33 generated-1132514 generated-1132514-r33 generated-1132515 generated-1132515-r33 generated-1132516 generated-1132516-r33 generated-1132517 generated-1132517-r33 generated-1132520 generated-1132520-r33 generated-1132521 generated-1132521-r33 generated-1132850 generated-1132851 generated-1132852 generated-1132853 generated-1132854 generated-1132855 generated-1132856 generated-1132857 generated-1132858 generated-1132859 generated-1132860 generated-1132861 generated-1132862 generated-1132863 generated-1132864 generated-1132865 generated-1132866 generated-1132867 generated-1132868 generated-1132869 generated-1132950 generated-1132951 generated-1132952 generated-1132953 generated-1132954 generated-1132955 generated-1132956 generated-1132957 generated-1132958 generated-1132959 generated-1132960 generated-1132961 generated-1132962 generated-1132963 generated-1132964 generated-1132965 dev-raw@fit` (4073 documents read with
// --raw-confidence): do not edit by hand.
/** Per field: [raw confidence from, share right] bins, measured on the calibration set. */
export const CALIBRATION: Record<string, [number, number][]> = {
  'headers.dueDate': [
    [0, 0.986],
    [0.88, 0.99],
  ],
  'headers.invoiceDate': [
    [0, 0.959],
    [0.78, 0.967],
    [0.8, 0.976],
    [0.87, 0.99],
  ],
  'headers.invoiceNum': [
    [0, 0.966],
    [0.88, 0.99],
  ],
  'headers.orderNum': [
    [0, 0.973],
    [0.82, 0.99],
    [0.88, 0.99],
    [0.9, 0.99],
  ],
  'headers.shopAccount': [
    [0, 0.977],
    [0.8, 0.99],
    [0.88, 0.99],
    [0.9, 0.99],
  ],
  'invoiceTo.name': [[0, 0.99]],
  items: [
    [0, 0.097],
    [0.04, 0.266],
    [0.06, 0.459],
    [0.08, 0.489],
    [0.09, 0.533],
    [0.1, 0.661],
    [0.27, 0.842],
    [0.28, 0.844],
    [0.79, 0.862],
    [0.83, 0.975],
    [0.85, 0.977],
    [0.87, 0.99],
    [0.89, 0.99],
    [0.91, 0.99],
    [0.93, 0.99],
    [0.94, 0.99],
  ],
  'totals.invoiceTotal': [
    [0, 0.832],
    [0.8, 0.99],
  ],
  'totals.net': [
    [0, 0.959],
    [0.8, 0.99],
    [0.93, 0.99],
    [0.95, 0.99],
  ],
  'totals.subtotal': [
    [0, 0.99],
    [0.8, 0.99],
  ],
  'totals.vat': [
    [0, 0.949],
    [0.8, 0.99],
  ],
  'vendor.name': [
    [0, 0.338],
    [0.7, 0.99],
    [0.9, 0.99],
  ],
  'vendor.vatNumber': [
    [0, 0.956],
    [0.88, 0.99],
  ],
};
