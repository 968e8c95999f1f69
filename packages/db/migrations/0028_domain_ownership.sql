-- Proof of control of a project's domain (ADR 0028): the translating proxy serves a host only for the
-- one project that verified it (DNS TXT or a /.well-known/ file); existing domains start unverified.
ALTER TABLE "project_domains" ADD COLUMN "ownership_token" text;--> statement-breakpoint
ALTER TABLE "project_domains" ADD COLUMN "ownership_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_domains" ADD COLUMN "ownership_method" text;--> statement-breakpoint
ALTER TABLE "project_domains" ADD COLUMN "ownership_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_domains" ADD COLUMN "ownership_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "project_domains" ADD COLUMN "ownership_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "project_domains_verified_host_uq" ON "project_domains" USING btree (regexp_replace("hostname", '^www\.', '')) WHERE "project_domains"."ownership_verified_at" is not null;
