-- Issue #19: messages is partitioned by month on created_at, so that a table of billions of rows
-- stays a set of month-sized ones (vacuum, index size, archiving a month = detaching it).
--
-- The existing table is not copied: it becomes the partition "messages_history" (MINVALUE up to
-- the first month it holds nothing of), found by a CHECK constraint that lets ATTACH skip its
-- validation scan. Its ordinary indexes are identical to the parent's, so ATTACH adopts them
-- instead of building new ones; only the new primary key (id, created_at) is built on it.
--
-- Done generically so that whatever an earlier migration (written at the same time as this one)
-- added to messages comes along: triggers, indexes, grants and policies are read from the
-- catalogue before the rename and re-created on the partitioned parent.
--
-- Uniqueness of carrier_sid cannot be a partitioned unique index (it would have to include
-- created_at, and a repeated webhook arrives with another created_at), so it moves to the side
-- table message_carrier_sids, kept by a row trigger: its primary key is the rule, and it maps a
-- sid to (id, created_at), so a status callback by sid reads one partition.
DO $migration$
DECLARE
  v_rel oid := to_regclass('public.messages');
  v_owner oid;
  v_acl aclitem[];
  v_force boolean;
  v_triggers text[] := '{}';
  v_disabled text[] := '{}';
  v_indexes text[] := '{}';
  v_policies text[] := '{}';
  v_seq_last bigint;
  v_seq_called boolean;
  v_month timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_bound timestamptz;
  r record;
  s text;
BEGIN
  IF v_rel IS NULL OR (SELECT relkind FROM pg_class WHERE oid = v_rel) = 'p' THEN
    RETURN;
  END IF;
  SELECT relowner, relacl, relforcerowsecurity INTO v_owner, v_acl, v_force
    FROM pg_class WHERE oid = v_rel;
  -- Views and foreign keys are bound to the table itself, and would follow it to the history
  -- partition: none exists today; stop rather than leave one reading a single partition.
  IF EXISTS (SELECT 1 FROM pg_depend d WHERE d.refobjid = v_rel AND d.classid = 'pg_rewrite'::regclass)
     OR EXISTS (SELECT 1 FROM pg_constraint c WHERE c.confrelid = v_rel OR (c.conrelid = v_rel AND c.contype = 'f')) THEN
    RAISE EXCEPTION 'a view or foreign key involves messages: migration 0046 needs it re-made on the partitioned table';
  END IF;

  -- Triggers (row and statement). A partitioned table refuses ROW triggers with transition
  -- tables: say so plainly rather than drop one.
  FOR r IN
    SELECT t.tgname, t.tgenabled, pg_get_triggerdef(t.oid) AS def,
           (t.tgtype & 1) = 1 AS is_row, t.tgoldtable IS NOT NULL OR t.tgnewtable IS NOT NULL AS transition
      FROM pg_trigger t WHERE t.tgrelid = v_rel AND NOT t.tgisinternal
  LOOP
    IF r.is_row AND r.transition THEN
      RAISE EXCEPTION 'messages trigger % is FOR EACH ROW with a transition table, which a partitioned table cannot have: make it FOR EACH STATEMENT', r.tgname;
    END IF;
    v_triggers := v_triggers || r.def;
    IF r.tgenabled <> 'O' THEN
      v_disabled := v_disabled || format('ALTER TABLE public.messages %s TRIGGER %I',
        CASE r.tgenabled WHEN 'D' THEN 'DISABLE' WHEN 'A' THEN 'ENABLE ALWAYS' ELSE 'ENABLE REPLICA' END,
        r.tgname);
    END IF;
    EXECUTE format('DROP TRIGGER %I ON public.messages', r.tgname);
  END LOOP;

  -- Indexes other than the primary key and the carrier sid rule. Another unique one would have
  -- to include created_at: stop rather than lose a rule.
  FOR r IN
    SELECT c.relname, pg_get_indexdef(i.indexrelid) AS def, i.indisunique, i.indisprimary,
           EXISTS (SELECT 1 FROM unnest(i.indkey) k
                    JOIN pg_attribute a ON a.attrelid = v_rel AND a.attnum = k
                   WHERE a.attname = 'created_at') AS has_created
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE i.indrelid = v_rel
  LOOP
    CONTINUE WHEN r.indisprimary OR r.relname = 'messages_carrier_sid_key';
    IF r.indisunique AND NOT r.has_created THEN
      RAISE EXCEPTION 'unique index % on messages does not include created_at, which a partitioned table needs', r.relname;
    END IF;
    v_indexes := v_indexes || r.def;
    -- Free the name for the parent's index; ATTACH matches indexes by definition, not by name.
    EXECUTE format('ALTER INDEX public.%I RENAME TO %I', r.relname, left(r.relname, 50) || '_hist');
  END LOOP;
  DROP INDEX IF EXISTS public.messages_carrier_sid_key;

  FOR r IN SELECT * FROM pg_policies WHERE schemaname = 'public' AND tablename = 'messages' LOOP
    v_policies := v_policies || format('CREATE POLICY %I ON public.messages AS %s FOR %s TO %s%s%s',
      r.policyname, r.permissive, r.cmd,
      (SELECT string_agg(CASE WHEN x = 'public' THEN 'PUBLIC' ELSE quote_ident(x::text) END, ', ') FROM unnest(r.roles) x),
      CASE WHEN r.qual IS NOT NULL THEN ' USING (' || r.qual || ')' ELSE '' END,
      CASE WHEN r.with_check IS NOT NULL THEN ' WITH CHECK (' || r.with_check || ')' ELSE '' END);
  END LOOP;

  -- The identity's sequence goes with the old column: note where it stood.
  EXECUTE format('SELECT last_value, is_called FROM %s', pg_get_serial_sequence('public.messages', 'id'))
    INTO v_seq_last, v_seq_called;

  ALTER TABLE public.messages RENAME TO messages_history;
  ALTER TABLE public.messages_history DROP CONSTRAINT messages_pkey;
  ALTER TABLE public.messages_history ALTER COLUMN id DROP IDENTITY;

  -- The history partition ends where this month starts when it holds nothing later (a new or
  -- quiet install); else after the last month it holds (one scan, only in that case).
  BEGIN
    EXECUTE format('ALTER TABLE public.messages_history ADD CONSTRAINT messages_history_bound CHECK (created_at < %L)', v_month);
    v_bound := v_month;
  EXCEPTION WHEN check_violation THEN
    SELECT date_trunc('month', max(created_at) AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '1 month'
      INTO v_bound FROM public.messages_history;
    EXECUTE format('ALTER TABLE public.messages_history ADD CONSTRAINT messages_history_bound CHECK (created_at < %L)', v_bound);
  END;

  CREATE TABLE public.messages (
    LIKE public.messages_history INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE
      INCLUDING COMMENTS INCLUDING GENERATED
  ) PARTITION BY RANGE (created_at);
  ALTER TABLE public.messages DROP CONSTRAINT messages_history_bound;
  IF current_setting('server_version_num')::int >= 170000 THEN
    ALTER TABLE public.messages ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (SEQUENCE NAME public.messages_id_seq);
  ELSE
    -- Before PostgreSQL 17 a partitioned table has no identity column: a sequence default does the same.
    CREATE SEQUENCE public.messages_id_seq AS bigint OWNED BY public.messages.id;
    ALTER TABLE public.messages ALTER COLUMN id SET DEFAULT nextval('public.messages_id_seq');
  END IF;
  PERFORM setval('public.messages_id_seq', v_seq_last, v_seq_called);
  ALTER TABLE public.messages ADD CONSTRAINT messages_pkey PRIMARY KEY (id, created_at);
  FOREACH s IN ARRAY v_indexes LOOP
    EXECUTE s;
  END LOOP;

  FOR r IN SELECT * FROM aclexplode(v_acl) WHERE grantee <> v_owner LOOP
    EXECUTE format('GRANT %s ON public.messages TO %s', r.privilege_type,
      CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE quote_ident(pg_get_userbyid(r.grantee)) END);
  END LOOP;
  ALTER TABLE public.messages ENABLE ROW LEVEL SECURITY;
  IF v_force THEN
    ALTER TABLE public.messages FORCE ROW LEVEL SECURITY;
  END IF;
  FOREACH s IN ARRAY v_policies LOOP
    EXECUTE s;
  END LOOP;

  EXECUTE format('ALTER TABLE public.messages ATTACH PARTITION public.messages_history FOR VALUES FROM (MINVALUE) TO (%L)', v_bound);
  ALTER TABLE public.messages_history DROP CONSTRAINT messages_history_bound;

  -- A safety net: a text is never refused for want of its month (the upkeep job moves rows out
  -- of it when it makes their month). See the README's operator section.
  CREATE TABLE public.messages_default PARTITION OF public.messages DEFAULT;

  CREATE TABLE public.message_carrier_sids (
    carrier_sid text PRIMARY KEY,
    account_id integer NOT NULL,
    message_id bigint NOT NULL,
    created_at timestamptz NOT NULL
  );
  INSERT INTO public.message_carrier_sids (carrier_sid, account_id, message_id, created_at)
    SELECT carrier_sid, account_id, id, created_at FROM public.messages_history WHERE carrier_sid IS NOT NULL;

  FOREACH s IN ARRAY v_triggers LOOP
    EXECUTE s;
  END LOOP;
  FOREACH s IN ARRAY v_disabled LOOP
    EXECUTE s;
  END LOOP;
END
$migration$;
--> statement-breakpoint
-- The carrier sid rule: a second message with a sid already taken fails with a unique violation
-- on message_carrier_sids_pkey (the inbound webhook treats that as "already recorded").
-- The same message again is no conflict (a row moved out of the DEFAULT partition, a restore whose
-- PostgreSQL fires partition triggers). SECURITY DEFINER: the rule holds whoever writes, across
-- accounts, though the tenant wall keeps each account to its own rows of the table.
CREATE FUNCTION message_carrier_sid_keep() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.carrier_sid IS NOT NULL THEN
    DELETE FROM message_carrier_sids WHERE carrier_sid = OLD.carrier_sid AND message_id = OLD.id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.carrier_sid IS NOT NULL THEN
    INSERT INTO message_carrier_sids (carrier_sid, account_id, message_id, created_at)
      VALUES (NEW.carrier_sid, NEW.account_id, NEW.id, NEW.created_at)
      ON CONFLICT (carrier_sid) DO UPDATE SET created_at = EXCLUDED.created_at
      WHERE message_carrier_sids.message_id = EXCLUDED.message_id;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'carrier sid % belongs to another message', NEW.carrier_sid
        USING ERRCODE = 'unique_violation', CONSTRAINT = 'message_carrier_sids_pkey',
              TABLE = 'message_carrier_sids';
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER messages_carrier_sid_insert AFTER INSERT ON messages
  FOR EACH ROW WHEN (NEW.carrier_sid IS NOT NULL) EXECUTE FUNCTION message_carrier_sid_keep();
--> statement-breakpoint
CREATE TRIGGER messages_carrier_sid_update AFTER UPDATE OF carrier_sid ON messages
  FOR EACH ROW WHEN (OLD.carrier_sid IS DISTINCT FROM NEW.carrier_sid)
  EXECUTE FUNCTION message_carrier_sid_keep();
--> statement-breakpoint
CREATE TRIGGER messages_carrier_sid_delete AFTER DELETE ON messages
  FOR EACH ROW WHEN (OLD.carrier_sid IS NOT NULL) EXECUTE FUNCTION message_carrier_sid_keep();
--> statement-breakpoint
-- Makes the partition of the month holding `at` (UTC months), unless it exists or the history
-- partition already covers it. Built beside the table and attached, which locks the parent only
-- in SHARE UPDATE EXCLUSIVE mode (reads and writes go on). Rows that landed in the DEFAULT
-- partition for that month are moved into it first. Returns whether it made one.
CREATE FUNCTION parley_messages_month(at timestamptz) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  lo timestamptz := date_trunc('month', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  hi timestamptz := (date_trunc('month', at AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC';
  part text := 'messages_' || to_char(at AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass('public.' || part) IS NOT NULL THEN
    RETURN false;
  END IF;
  -- Covered by the history partition (its upper bound is past this month)?
  IF EXISTS (
    SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'public.messages'::regclass AND c.relname = 'messages_history'
       AND substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz > lo
  ) THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE public.%I (LIKE public.messages INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE INCLUDING GENERATED)', part);
  -- Lets ATTACH skip checking the rows against the bounds.
  EXECUTE format('ALTER TABLE public.%I ADD CONSTRAINT %I CHECK (created_at >= %L AND created_at < %L)',
    part, part || '_bound', lo, hi);
  IF to_regclass('public.messages_default') IS NOT NULL THEN
    -- Moved, not re-made: the row triggers on delete drop their sids, put back below.
    EXECUTE format('WITH moved AS (DELETE FROM public.messages_default WHERE created_at >= %L AND created_at < %L RETURNING *)
                    INSERT INTO public.%I SELECT * FROM moved', lo, hi, part);
    EXECUTE format('INSERT INTO public.message_carrier_sids (carrier_sid, account_id, message_id, created_at)
                    SELECT carrier_sid, account_id, id, created_at FROM public.%I WHERE carrier_sid IS NOT NULL', part);
  END IF;
  EXECUTE format('ALTER TABLE public.messages ATTACH PARTITION public.%I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  EXECUTE format('ALTER TABLE public.%I DROP CONSTRAINT %I', part, part || '_bound');
  -- The tenant wall on the partition too (grants, policy, row security), as on every table.
  PERFORM parley_apply_tenant_policies();
  RETURN true;
END $$;
--> statement-breakpoint
-- This month and the `ahead` next ones; the worker's upkeep job calls it daily. Returns how many
-- partitions it made.
CREATE FUNCTION parley_messages_months_ahead(ahead integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  made integer := 0;
BEGIN
  FOR i IN 0..ahead LOOP
    IF parley_messages_month(
         (date_trunc('month', now() AT TIME ZONE 'UTC') + make_interval(months => i)) AT TIME ZONE 'UTC') THEN
      made := made + 1;
    END IF;
  END LOOP;
  RETURN made;
END $$;
--> statement-breakpoint
SELECT parley_messages_months_ahead(3);
