-- Written by hand: every statement that writes sessions, users, memberships or companies notifies the API
-- processes, whose session, membership and profile caches key on these writes (db/auth-writes.ts,
-- listenAuthWrites). A statement trigger, not a row trigger: one notification a statement, and PostgreSQL folds
-- the same notification repeated in one transaction into one, delivered at commit (none after a rollback).
CREATE OR REPLACE FUNCTION public.notify_auth_writes() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('ob_auth_writes', '');
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_auth_writes();--> statement-breakpoint
CREATE TRIGGER users_auth_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_auth_writes();--> statement-breakpoint
CREATE TRIGGER memberships_auth_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON memberships
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_auth_writes();--> statement-breakpoint
CREATE TRIGGER companies_auth_writes AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION public.notify_auth_writes();
