ALTER TABLE "organisations" ADD COLUMN "mt_engine" text;--> statement-breakpoint
ALTER TABLE "mt_run_items" ADD COLUMN "result" text;