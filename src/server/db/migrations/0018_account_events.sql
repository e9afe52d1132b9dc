-- The account-events outbox: what happened to an account's subscribers, written in the same
-- transaction as the change, so automations and outgoing webhooks see every change exactly once
-- and nothing a crash interrupted is lost.
CREATE TABLE "account_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "subscriber_id" bigint,
  "data" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_events_account_idx" ON "account_events" USING btree ("account_id", "id");
--> statement-breakpoint
-- One row per event and consumer until that consumer has handled it; claimed with SKIP LOCKED.
CREATE TABLE "account_event_work" (
  "consumer" text NOT NULL,
  "event_id" bigint NOT NULL REFERENCES "account_events"("id") ON DELETE CASCADE,
  "not_before" timestamp with time zone DEFAULT now() NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  CONSTRAINT "account_event_work_pk" PRIMARY KEY ("consumer", "event_id")
);
--> statement-breakpoint
CREATE INDEX "account_event_work_due_idx" ON "account_event_work" USING btree ("consumer", "not_before", "event_id");
--> statement-breakpoint
-- The consumers of the outbox; a feature that consumes events adds its name in its migration, so
-- every event written after that, by any process, has a work row for it.
CREATE TABLE "account_event_consumers" (
  "name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- One work row per new event and consumer, whoever wrote the event (a bulk statement included),
-- and the workers woken at commit.
CREATE FUNCTION "account_events_fan_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_event_work (consumer, event_id)
    SELECT c.name, n.id FROM new_events n CROSS JOIN account_event_consumers c;
  IF FOUND THEN
    PERFORM pg_notify('parley_pipeline', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "account_events_fan_out" AFTER INSERT ON "account_events"
  REFERENCING NEW TABLE AS new_events FOR EACH STATEMENT EXECUTE FUNCTION "account_events_fan_out"();
--> statement-breakpoint
-- Group membership changes from every path (the screen, bulk actions, imports, keywords, forms,
-- automations) become group.joined / group.left events in the statement that made them.
CREATE FUNCTION "group_members_joined"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, type, subscriber_id, data)
    SELECT g.account_id, 'group.joined', n.subscriber_id, jsonb_build_object('groupId', n.group_id)
      FROM new_rows n JOIN groups g ON g.id = n.group_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "group_members_joined" AFTER INSERT ON "group_members"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "group_members_joined"();
--> statement-breakpoint
-- A subscriber or group that is being deleted takes its memberships along: no "left" for those.
CREATE FUNCTION "group_members_left"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, type, subscriber_id, data)
    SELECT g.account_id, 'group.left', o.subscriber_id, jsonb_build_object('groupId', o.group_id)
      FROM old_rows o JOIN groups g ON g.id = o.group_id
      JOIN subscribers s ON s.id = o.subscriber_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "group_members_left" AFTER DELETE ON "group_members"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "group_members_left"();
--> statement-breakpoint
-- Every new subscriber, whichever path added it (by hand, import, a text, a keyword, a form, the
-- API), is a subscriber.created event in the statement that added it.
CREATE FUNCTION "subscribers_created"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_events (account_id, type, subscriber_id, data)
    SELECT n.account_id, 'subscriber.created', n.id,
           jsonb_build_object('method', n.signup_method, 'phone', n.phone)
      FROM new_rows n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "subscribers_created" AFTER INSERT ON "subscribers"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "subscribers_created"();
