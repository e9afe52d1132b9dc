-- The public vCard was addressed by the account id alone, so anyone could walk every account's
-- card (business name, photo, numbers). Its address now carries a random token as well.
ALTER TABLE "contact_cards" ADD COLUMN "public_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;
