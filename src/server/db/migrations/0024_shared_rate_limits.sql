-- Rate-limit counters shared by every web process (a limit kept in one process's memory is
-- multiplied by the number of processes): one row per key and fixed window.
CREATE UNLOGGED TABLE "rate_limits" (
  "key" text PRIMARY KEY NOT NULL,
  "count" integer NOT NULL,
  "reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_idx" ON "rate_limits" USING btree ("reset_at");
--> statement-breakpoint
-- A carrier call that got no answer (a timeout, a 5xx) may have created the text: the next try
-- looks for it at the carrier before sending again.
ALTER TABLE "messages" ADD COLUMN "carrier_uncertain" boolean DEFAULT false NOT NULL;
