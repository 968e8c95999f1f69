-- API keys at rest: only the SHA-256 of a key and its visible prefix are stored; the key is shown once.
-- Existing keys are hashed here and keep working (sha256(bytea) is built into PostgreSQL 11+ and PGlite).
ALTER TABLE "users" ADD COLUMN "apikey_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "apikey_prefix" text;--> statement-breakpoint
UPDATE "users" SET
  "apikey_hash" = encode(sha256(convert_to("apikey", 'UTF8')), 'hex'),
  "apikey_prefix" = CASE WHEN "apikey" LIKE 'bhk\_%' THEN left("apikey", 12) ELSE left("apikey", 11) END
WHERE "apikey" IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS "users_apikey_idx";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "apikey";--> statement-breakpoint
CREATE UNIQUE INDEX "users_apikey_hash_idx" ON "users" USING btree ("apikey_hash");
