-- The part of a payment refunded so far (Stripe's charge.amount_refunded, which is cumulative):
-- a partial refund leaves the invoice paid and shows the amount; a full one marks it refunded.
-- Invoice status may now also be dispute_lost (the bank decided a dispute for the cardholder).
ALTER TABLE "invoices" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;
