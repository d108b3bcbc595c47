-- Search (README "Paging and search", schema/search.ts): trigram GIN indexes over case- and accent-folded text.
-- Both extensions are trusted (a database owner may create them) and ship with PGlite (db/client.ts loads them).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it; this wrapper names the
-- dictionary and is declared IMMUTABLE, the usual way to index it. Schema-qualified so that it does not depend
-- on the caller's search_path.
CREATE OR REPLACE FUNCTION public.search_fold(text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, $1)) $$;--> statement-breakpoint
DROP INDEX "orders_shop_invoice_num_idx";--> statement-breakpoint
DROP INDEX "orders_shop_order_num_idx";--> statement-breakpoint
CREATE INDEX "companies_name_trgm_idx" ON "companies" USING gin (search_fold("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "documents_search_trgm_idx" ON "documents" USING gin (search_fold(coalesce("file_name", '') || ' ' || coalesce("headers"->>'invoiceNum', '') || ' ' || coalesce("headers"->>'orderNum', '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_desc_trgm_idx" ON "order_items" USING gin (search_fold("item_desc") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_numbers_trgm_idx" ON "orders" USING gin (search_fold(coalesce("invoice_num", '') || ' ' || coalesce("order_num", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shop_suppliers_name_trgm_idx" ON "shop_suppliers" USING gin (search_fold("name") gin_trgm_ops);