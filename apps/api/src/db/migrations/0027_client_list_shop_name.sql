ALTER TABLE "shop_suppliers" ADD COLUMN "shop_name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "shop_suppliers_supplier_shop_name_idx" ON "shop_suppliers" USING btree ("supplier_id","shop_name_key" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_suppliers_supplier_shop_name_trgm_idx" ON "shop_suppliers" USING gin ("supplier_id","shop_name_key" gin_trgm_ops);--> statement-breakpoint
-- Written by hand: a link keeps its shop's folded name (the supplier's client list is sorted and searched by it),
-- set when the link is written and again when the shop is renamed.
CREATE OR REPLACE FUNCTION public.shop_suppliers_shop_name_key() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.shop_name_key := coalesce(public.search_fold((SELECT name FROM companies WHERE id = NEW.shop_id)), '');
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER shop_suppliers_shop_name_key
  BEFORE INSERT OR UPDATE OF shop_id ON shop_suppliers
  FOR EACH ROW EXECUTE FUNCTION public.shop_suppliers_shop_name_key();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.companies_shop_name_key() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE shop_suppliers SET shop_name_key = public.search_fold(NEW.name) WHERE shop_id = NEW.id;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER companies_shop_name_key
  AFTER UPDATE OF name ON companies
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION public.companies_shop_name_key();--> statement-breakpoint
UPDATE shop_suppliers s SET shop_name_key = public.search_fold(c.name) FROM companies c WHERE c.id = s.shop_id;
