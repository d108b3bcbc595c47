/**
 * `npm run demo`: a shop and a supplier with known logins and a handful of orders, made the way users make
 * them (register, confirm, onboard, upload invoices that are read by the reader), so a newcomer sees a living
 * product. Uses the same DATA_DIR / DATABASE_URL as `npm start`; run it while the server is stopped when
 * using the embedded database.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { ConfigError, loadConfig } from '../config.js';
import { DEMO_PASSWORD, DEMO_SHOP_USER, DEMO_SUPPLIER_USER } from './accounts.js';
import { invoicePdf, type TInvoiceLine } from './invoice-pdf.js';

type TReply = {
  statusCode: number;
  body: string;
  json: () => { data: Record<string, unknown>; message: string };
};

async function call(
  app: FastifyInstance,
  method: string,
  url: string,
  token?: string,
  payload?: unknown,
): Promise<TReply> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  if (res.statusCode >= 400) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res as unknown as TReply;
}

async function account(app: FastifyInstance, email: string, firstName: string, lastName: string) {
  await call(app, 'POST', '/api/account/register', undefined, {
    email,
    password: DEMO_PASSWORD,
    confirmPassword: DEMO_PASSWORD,
    firstName,
    lastName,
  });
  const outbox = (await call(app, 'GET', '/api/dev/outbox')).json().data as unknown as {
    to: string;
    links: string[];
  }[];
  const link = new URL(outbox.find((m) => m.to.includes(email))!.links[0]!);
  await app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
  return (
    await call(app, 'POST', '/api/account/login', undefined, { userName: email, password: DEMO_PASSWORD })
  ).json().data.token as string;
}

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = '----orderbridge-demo';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

const FRUIT: TInvoiceLine[] = [
  { code: 'AP-01', description: 'Braeburn apples 1kg', qty: 12, price: 2.4 },
  { code: 'PE-02', description: 'Conference pears 1kg', qty: 8, price: 2.65 },
  { code: 'BA-07', description: 'Fairtrade bananas 5 pack', qty: 20, price: 1.15 },
  { code: 'EG-12', description: 'Free range eggs x12', qty: 15, price: 3.2 },
  { code: 'MI-20', description: 'Whole milk 2L', qty: 24, price: 1.45 },
];

async function seed() {
  const config = loadConfig();
  const app = await buildApp({ ...config, logLevel: 'warn' });
  try {
    const existing = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: DEMO_SHOP_USER, password: DEMO_PASSWORD },
    });
    if (existing.statusCode === 200) {
      console.log('Demo data is already there.');
      return;
    }
    console.log('Creating the demo shop and supplier…');
    const supplierToken = await account(app, DEMO_SUPPLIER_USER, 'Sam', 'Fields');
    await call(app, 'POST', '/api/onboarding/company', supplierToken, {
      companyName: 'Fresh Farm Foods',
      companyType: 'suppliers',
      companyMainEmail: 'orders@freshfarm.demo.orderbridge.test',
      companyAddress: '12 Market Street, Leeds LS1 4AB',
    });
    const shopToken = await account(app, DEMO_SHOP_USER, 'Sophie', 'Marsh');
    const shopId = (
      await call(app, 'POST', '/api/onboarding/company', shopToken, {
        companyName: 'Corner Shop',
        companyType: 'shops',
        companyMainEmail: 'hello@cornershop.demo.orderbridge.test',
        companyAddress: '1 High Street, York YO1 7HH',
      })
    ).json().data.companyId as number;
    const linkId = (
      await call(app, 'POST', `/api/shops/${shopId}/suppliers`, shopToken, {
        supplierName: 'Fresh Farm Foods',
        supplierEmail: 'orders@freshfarm.demo.orderbridge.test',
      })
    ).json().data.shopSupplierId as number;
    await call(app, 'POST', `/api/shops/${shopId}/suppliers`, shopToken, {
      supplierName: 'Baker Brothers',
      supplierEmail: 'sales@bakerbrothers.demo.orderbridge.test',
    });

    const documents: number[] = [];
    for (let n = 0; n < 5; n++) {
      const day = String(2 + n * 3).padStart(2, '0');
      const pdf = await invoicePdf({
        vendor: 'Fresh Farm Foods',
        invoiceNum: `FF-2026-${1040 + n}`,
        orderNum: `PO-${880 + n}`,
        date: `2026-11-${day}`,
        lines: FRUIT.slice(0, 2 + (n % 4)),
        wrongLine: n === 3,
      });
      const form = multipart(
        { ShopSupplierId: String(linkId), Memo: n === 0 ? 'Weekly fruit order' : '' },
        {
          name: `fresh-farm-invoice-${1040 + n}.pdf`,
          bytes: pdf,
        },
      );
      const res = await app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/orders/upload`,
        headers: { authorization: `Bearer ${shopToken}`, ...form.headers },
        payload: form.payload,
      });
      documents.push(res.json().data.tempOrderId);
    }
    console.log('Reading 5 uploaded invoices…');
    for (const id of documents) {
      for (;;) {
        const review = (
          await call(app, 'GET', `/api/shops/${shopId}/orders/pending-review/${id}`, shopToken)
        ).json().data;
        if (review.status !== 'reading') break;
        await new Promise((r) => setTimeout(r, 300));
      }
    }
    // A person checks the first three; the other two wait in the review queue (one has a wrong line amount).
    for (const id of documents.slice(0, 3)) {
      await call(app, 'POST', `/api/shops/${shopId}/orders/pending-review/${id}/process`, shopToken, {
        override: true,
      });
    }
    const orders = (await call(app, 'GET', `/api/shops/${shopId}/orders?PerPage=1`, shopToken)).json().data;
    const [first] = orders.data as { id: number }[];
    const items = (await call(app, 'GET', `/api/shops/${shopId}/orders/${first!.id}/items`, shopToken)).json()
      .data.data as { id: number; itemQty: number }[];
    await call(app, 'PATCH', `/api/shops/${shopId}/orders/${first!.id}/item/${items[0]!.id}`, shopToken, {
      receivedQuantity: items[0]!.itemQty - 1,
      notes: 'One short on delivery',
    });
    console.log(`Done. Start the product with \`npm start\` and sign in at ${config.publicUrl}/login:
  shop:     ${DEMO_SHOP_USER} / ${DEMO_PASSWORD}
  supplier: ${DEMO_SUPPLIER_USER} / ${DEMO_PASSWORD}`);
  } finally {
    await app.close();
  }
}

try {
  await seed();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
