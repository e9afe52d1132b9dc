ALTER TABLE "registry_reviews" ADD COLUMN "waiting_for" text;
