-- Public forms (sign-up page, opt-in pages, the popup) text numbers that strangers type in.
-- Spent bot-check proofs: a solved challenge buys one submission, in every process, until the
-- challenge expires (then its signature check refuses it anyway and the row can go).
CREATE TABLE "bot_proofs_spent" (
	"signature" text PRIMARY KEY,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bot_proofs_spent_expires_idx" ON "bot_proofs_spent" ("expires_at");
--> statement-breakpoint
-- Each text a public form sends to a number not yet confirmed (a code, a "reply Y", a welcome),
-- counted per form, per number and per client address over a sliding hour.
CREATE TABLE "public_form_texts" (
	"id" bigserial PRIMARY KEY,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
	"form_key" text NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "public_form_texts_form_idx" ON "public_form_texts" ("form_key", "sent_at");
--> statement-breakpoint
CREATE INDEX "public_form_texts_phone_idx" ON "public_form_texts" ("phone", "sent_at");
--> statement-breakpoint
CREATE INDEX "public_form_texts_ip_idx" ON "public_form_texts" ("ip", "sent_at");
--> statement-breakpoint
CREATE INDEX "public_form_texts_sent_idx" ON "public_form_texts" ("sent_at");
