import { describe, expect, it } from 'vitest';
import { ORDER_ITEM_COLUMNS, orderListItem } from './order-shapes.js';

type TListRow = Parameters<typeof orderListItem>[0];

const row = (over: Partial<TListRow>): TListRow =>
  ({
    ...Object.fromEntries(ORDER_ITEM_COLUMNS.map((k) => [k, null])),
    id: 7,
    shopId: 1,
    supplierId: 2,
    shopSupplierId: 3,
    insertedVia: 'upload',
    status: 'open',
    createdAt: new Date('2026-05-04T03:02:01.123Z'),
    updatedAt: new Date('2026-05-05T00:00:00.000Z'),
    invoiceTo: {},
    recipient: {},
    vendor: {},
    itemCount: 2,
    ...over,
  }) as TListRow;
const names = { supplierName: 'Harbour Mill', shopName: 'Corner Deli', uploader: 'Ana', updater: null };

describe('an orders list item', () => {
  it('writes each party as one address line from the parts it has', () => {
    const item = orderListItem(
      row({
        invoiceTo: {
          name: 'Corner Deli',
          address: '4 Quay Road',
          postCode: 'AB1 2CD',
          city: 'Porttown',
          country: 'GB',
        },
        recipient: { city: 'Porttown' },
        vendor: { address: '9 Mill Lane', postCode: '12345' },
      }),
      names,
    );
    expect(item.invoiceToAddress).toBe('4 Quay Road, AB1 2CD Porttown, GB');
    expect(item.deliveryAddress).toBe('Porttown');
    expect(item.vendorAddress).toBe('9 Mill Lane, 12345');
    expect(orderListItem(row({}), names).vendorAddress).toBeNull();
  });

  it('gives the creation time as ISO text in both of its fields', () => {
    const item = orderListItem(row({}), names);
    expect(item.createdDate).toBe('2026-05-04T03:02:01.123Z');
    expect(item.timestampInserted).toBe('2026-05-04T03:02:01.123Z');
    expect(item.timestampUpdated).toBe('2026-05-05T00:00:00.000Z');
  });
});
