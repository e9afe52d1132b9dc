-- parley_apply_tenant_policies() runs at every start (migrate.ts). As migration 0039 wrote it, it ran
-- GRANT and ALTER TABLE ... ENABLE ROW LEVEL SECURITY on every tenant table each time: an ACCESS
-- EXCLUSIVE lock on each, held to the end, so a process starting while others served deadlocked
-- with their queries. It now changes only what is missing (a new table), and locks nothing else.
CREATE OR REPLACE FUNCTION parley_apply_tenant_policies() RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  t record;
  n integer := 0;
BEGIN
  FOR t IN
    SELECT c.oid, c.relname, c.relrowsecurity
    FROM pg_class c
    JOIN pg_namespace ns ON ns.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'account_id' AND NOT a.attisdropped
    WHERE ns.nspname = 'public' AND c.relkind IN ('r', 'p')
  LOOP
    IF NOT (has_table_privilege('parley_tenant', t.oid, 'SELECT')
            AND has_table_privilege('parley_tenant', t.oid, 'INSERT')
            AND has_table_privilege('parley_tenant', t.oid, 'UPDATE')
            AND has_table_privilege('parley_tenant', t.oid, 'DELETE')) THEN
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO parley_tenant', t.relname);
    END IF;
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
    IF NOT t.relrowsecurity THEN
      EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.relname);
    END IF;
  END LOOP;
  RETURN n;
END $$;
