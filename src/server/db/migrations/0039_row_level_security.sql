-- Row-level security: the second wall behind every query's account filter (src/server/db/tenant-scope.ts).
-- Requests acting for an account run as parley_tenant with parley.account_id set; the policies show
-- and accept only that account's rows. The owner (system work) is not subject to them.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'parley_tenant') THEN
    CREATE ROLE parley_tenant NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
END $$;
--> statement-breakpoint
-- The connecting role must be allowed to SET ROLE to it (a superuser always is). PostgreSQL 16
-- separates that right (SET) from membership.
DO $$
BEGIN
  IF current_setting('server_version_num')::integer >= 160000 THEN
    IF NOT pg_has_role(current_user, 'parley_tenant', 'SET') THEN
      EXECUTE format('GRANT parley_tenant TO %I WITH SET TRUE', current_user);
    END IF;
  ELSIF NOT pg_has_role(current_user, 'parley_tenant', 'MEMBER') THEN
    EXECUTE format('GRANT parley_tenant TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO parley_tenant;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO parley_tenant;
--> statement-breakpoint
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO parley_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO parley_tenant;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO parley_tenant;
--> statement-breakpoint
-- Every table with an account_id column gets the wall; run again after each migration (migrate.ts),
-- so a table added later is covered without anyone remembering to.
CREATE OR REPLACE FUNCTION parley_apply_tenant_policies() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  n integer := 0;
BEGIN
  FOR t IN
    SELECT c.relname
    FROM pg_class c
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
    WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO parley_tenant', t.relname);
    IF NOT EXISTS (
      SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.relname
        AND policyname = 'tenant_isolation'
    ) THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I TO parley_tenant
           USING (account_id = nullif(current_setting(''parley.account_id'', true), '''')::integer)
           WITH CHECK (account_id = nullif(current_setting(''parley.account_id'', true), '''')::integer)',
        t.relname);
      n := n + 1;
    END IF;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
  END LOOP;
  RETURN n;
END $$;
--> statement-breakpoint
SELECT parley_apply_tenant_policies();
