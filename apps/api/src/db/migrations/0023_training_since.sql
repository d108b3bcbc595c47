ALTER TABLE "shop_suppliers" ADD COLUMN "training_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shop_suppliers_training_idx" ON "shop_suppliers" USING btree ("training_since" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "shop_suppliers"."training_since" is not null;--> statement-breakpoint
-- Written by hand: a link's training_since is the arrival of its oldest document in training that is not
-- processed yet (the statuses spelled as documents_link_unprocessed_idx spells them, so that index finds it).
CREATE OR REPLACE FUNCTION public.refresh_training_since(link integer) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE shop_suppliers SET training_since = w.since
    FROM (SELECT min(created_at) AS since FROM documents
          WHERE shop_supplier_id = link AND in_training AND status in ('reading', 'pending_review', 'failed')) w
    WHERE id = link AND training_since IS DISTINCT FROM w.since
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.documents_training_since() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP <> 'DELETE' AND NEW.shop_supplier_id IS NOT NULL THEN
      PERFORM public.refresh_training_since(NEW.shop_supplier_id);
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.shop_supplier_id IS NOT NULL
       AND (TG_OP = 'DELETE' OR OLD.shop_supplier_id IS DISTINCT FROM NEW.shop_supplier_id) THEN
      PERFORM public.refresh_training_since(OLD.shop_supplier_id);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER documents_training_since
  AFTER INSERT OR DELETE OR UPDATE OF shop_supplier_id, in_training, status, created_at ON documents
  FOR EACH ROW EXECUTE FUNCTION public.documents_training_since();--> statement-breakpoint
UPDATE shop_suppliers s SET training_since = w.since
FROM (SELECT shop_supplier_id, min(created_at) AS since FROM documents
      WHERE in_training AND status in ('reading', 'pending_review', 'failed') AND shop_supplier_id IS NOT NULL
      GROUP BY shop_supplier_id) w
WHERE w.shop_supplier_id = s.id;
