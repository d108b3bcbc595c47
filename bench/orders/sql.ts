/**
 * The SQL the API's orders list (apps/api/src/modules/orders/orders.service.ts `list()`) sends to PostgreSQL
 * for page 1, pasted from a capture of the running app (run.ts checks on every run that the API still sends
 * exactly this, parameters included). The bare server runs these and nothing else: no auth, no tenant guard.
 */
export type TListParams = {
  shopId: number;
  perPage: number;
  status?: string;
  shopSupplierId?: number;
  search?: string;
};

const COLUMNS = `"orders"."id", "orders"."shop_id", "orders"."supplier_id", "orders"."shop_supplier_id",
  "orders"."document_id", "orders"."status", "orders"."inserted_via", "orders"."order_num", "orders"."invoice_num",
  "orders"."invoice_date", "orders"."due_date", "orders"."reference", "orders"."currency", "orders"."document_type",
  "orders"."vendor", "orders"."recipient", "orders"."invoice_to", "orders"."goods", "orders"."net",
  "orders"."subtotal", "orders"."discount", "orders"."vat", "orders"."invoice_total", "orders"."memo",
  "orders"."file_key", "orders"."file_name", "orders"."ai_model", "orders"."item_count", "orders"."inserted_by",
  "orders"."updated_by", "orders"."created_at", "orders"."updated_at", "shop_suppliers"."name", "shop"."name",
  "users"."email", "updater"."email"`;

const FROM = `from "orders"
  inner join "shop_suppliers" on "shop_suppliers"."id" = "orders"."shop_supplier_id"
  inner join "companies" "shop" on "shop"."id" = "orders"."shop_id"
  left join "users" on "users"."id" = "orders"."inserted_by"
  left join "users" "updater" on "updater"."id" = "orders"."updated_by"`;

const ORDER = `order by "orders"."created_at" desc, "orders"."id" desc`;

/** `status=…`, `shopSupplierId=…` or `search=…` (one filter at a time, as the benchmark uses them). */
const WHERE = {
  status: `where ("orders"."shop_id" = $1 and "orders"."status" = $2)`,
  supplier: `where ("orders"."shop_id" = $1 and "orders"."shop_supplier_id" = $2)`,
  search: `where ("orders"."shop_id" = $1 and (lower("orders"."invoice_num") like $2 or lower("orders"."order_num") like $3))`,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The count and the page statement, in the order the API sends them. */
export function bareQueries(p: TListParams): { text: string; values: unknown[] }[] {
  let where: string;
  let values: unknown[];
  if (p.search) {
    const term = `${escapeLike(p.search.toLowerCase())}%`;
    where = WHERE.search;
    values = [p.shopId, term, term];
  } else if (p.shopSupplierId) {
    where = WHERE.supplier;
    values = [p.shopId, p.shopSupplierId];
  } else {
    where = WHERE.status;
    values = [p.shopId, p.status];
  }
  const limit = `$${values.length + 1}`;
  return [
    { text: `select count(*) from "orders" ${where}`, values },
    { text: `select ${COLUMNS} ${FROM} ${where} ${ORDER} limit ${limit}`, values: [...values, p.perPage] },
  ];
}
