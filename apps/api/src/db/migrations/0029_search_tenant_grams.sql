-- Search within a company (schema/search.ts `holdsWithin`): every 3-character piece of a folded text, keyed by the
-- company, as `tenant:piece`. The btree_gin indexes of (company, trigrams) this replaces AND the company's entry
-- with each trigram's entry of every company; proving that no number of a shop of 2,000 orders holds `INV-0019`
-- walked entries of a million rows each (9 ms). Keyed pieces hold only the company's rows. IMMUTABLE like
-- search_fold (plain SQL, no dictionary).
CREATE OR REPLACE FUNCTION public.tenant_grams(tenant integer, t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_agg(DISTINCT tenant || ':' || substr(t, i, 3)) FROM generate_series(1, length(t) - 2) i $$;--> statement-breakpoint
DROP INDEX "orders_shop_numbers_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_supplier_numbers_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_shop_grams_trgm_idx" ON "orders" USING gin (tenant_grams("shop_id", search_fold(coalesce("invoice_num", '') || ' ' || coalesce("order_num", ''))));--> statement-breakpoint
CREATE INDEX "orders_supplier_grams_trgm_idx" ON "orders" USING gin (tenant_grams("supplier_id", search_fold(coalesce("invoice_num", '') || ' ' || coalesce("order_num", ''))));