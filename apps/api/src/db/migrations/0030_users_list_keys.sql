ALTER TABLE "memberships" ADD COLUMN "id" serial NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "invitations_company_pending_email_idx" ON "invitations" USING btree ("company_id","email" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "invitations"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_company_name_key_idx" ON "memberships" USING btree ("company_id","name_key" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_id_unique" UNIQUE("id");--> statement-breakpoint
-- Written by hand: a membership keeps its user's folded "first last email" (a company's users list is sorted and
-- searched by it), set when the membership is written and again when the user changes name or email.
CREATE OR REPLACE FUNCTION public.memberships_name_key() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    NEW.name_key := coalesce(
      (SELECT public.search_fold(first_name || ' ' || last_name || ' ' || email) FROM users WHERE id = NEW.user_id),
      '');
    RETURN NEW;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER memberships_name_key
  BEFORE INSERT OR UPDATE OF user_id ON memberships
  FOR EACH ROW EXECUTE FUNCTION public.memberships_name_key();--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.users_membership_name_key() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE memberships SET name_key = public.search_fold(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email)
      WHERE user_id = NEW.id;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER users_membership_name_key
  AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.email) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email))
  EXECUTE FUNCTION public.users_membership_name_key();--> statement-breakpoint
UPDATE memberships m SET name_key = public.search_fold(u.first_name || ' ' || u.last_name || ' ' || u.email)
  FROM users u WHERE u.id = m.user_id;
