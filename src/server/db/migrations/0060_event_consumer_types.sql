-- Each consumer of the account-events outbox names the event types it handles; an event gets a
-- work row only for those. An import of 50,000 people wrote 9 work rows a person (3 events × 3
-- consumers), a third of them for the phone alerts, which read only replies. NULL: every type.
ALTER TABLE "account_event_consumers" ADD COLUMN "types" text[];
--> statement-breakpoint
UPDATE "account_event_consumers" SET "types" = ARRAY['message.received']::text[] WHERE "name" = 'phone_alerts';
--> statement-breakpoint
UPDATE "account_event_consumers" SET "types" = ARRAY['message.received', 'message.status', 'subscriber.created', 'subscriber.opted_out', 'subscriber.opted_in', 'keyword.joined', 'form.submitted', 'send.finished']::text[] WHERE "name" = 'webhooks';
--> statement-breakpoint
UPDATE "account_event_consumers" SET "types" = ARRAY['subscriber.opted_out', 'group.left', 'group.joined', 'link.clicked', 'message.received', 'keyword.joined', 'form.submitted', 'optin_form.submitted', 'automation.text_matched']::text[] WHERE "name" = 'automations';
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "account_events_fan_out"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_event_work (consumer, event_id)
    SELECT c.name, n.id FROM new_events n
      JOIN account_event_consumers c ON c.types IS NULL OR n.type = ANY (c.types);
  IF FOUND THEN
    PERFORM pg_notify('parley_pipeline', '');
  END IF;
  RETURN NULL;
END $$;
