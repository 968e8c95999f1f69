CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"target_lang" text,
	"url" text,
	"source_hash" text,
	"rating" integer,
	"comment" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memory_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"source_hash" text NOT NULL,
	"source_text" text NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"display_type" text DEFAULT 'translation' NOT NULL,
	"origin" text NOT NULL,
	"source_project_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_segment_totals" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"segment_count" bigint DEFAULT 0 NOT NULL,
	"word_count" bigint DEFAULT 0 NOT NULL,
	"char_count" bigint DEFAULT 0 NOT NULL,
	"new_segment_count" bigint DEFAULT 0 NOT NULL,
	"new_word_count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"segment_id" uuid,
	"source_hash" text NOT NULL,
	"source_text" text NOT NULL,
	"target_lang" text NOT NULL,
	"text" text NOT NULL,
	"current_target" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"url" text,
	"suggested_by" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_counts" (
	"project_id" uuid NOT NULL,
	"target_lang" text NOT NULL,
	"type" text NOT NULL,
	"display_type" text NOT NULL,
	"segment_count" bigint DEFAULT 0 NOT NULL,
	"word_count" bigint DEFAULT 0 NOT NULL,
	"char_count" bigint DEFAULT 0 NOT NULL,
	"new_segment_count" bigint DEFAULT 0 NOT NULL,
	"new_word_count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "translation_counts_project_id_target_lang_type_display_type_pk" PRIMARY KEY("project_id","target_lang","type","display_type")
);
--> statement-breakpoint
CREATE TABLE "translation_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"source_hash" text NOT NULL,
	"target_lang" text NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"display_type" text NOT NULL,
	"origin" text NOT NULL,
	"version" integer NOT NULL,
	"checkpoint" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"source_hash" text NOT NULL,
	"target_lang" text NOT NULL,
	"text" text NOT NULL,
	"type" text NOT NULL,
	"display_type" text DEFAULT 'translation' NOT NULL,
	"origin" text NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"char_count" integer DEFAULT 0 NOT NULL,
	"segment_is_new" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mt_run_items" (
	"run_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	CONSTRAINT "mt_run_items_run_id_segment_id_pk" PRIMARY KEY("run_id","segment_id")
);
--> statement-breakpoint
CREATE TABLE "mt_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"user_id" uuid,
	"source_lang" text NOT NULL,
	"target_lang" text NOT NULL,
	"options" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"translated" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mt_usage" (
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"domain" text NOT NULL,
	"month" text NOT NULL,
	"engine" text NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"segments" bigint DEFAULT 0 NOT NULL,
	"characters" bigint DEFAULT 0 NOT NULL,
	"words" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mt_usage_project_id_domain_month_engine_pk" PRIMARY KEY("project_id","domain","month","engine")
);
--> statement-breakpoint
CREATE TABLE "glossary_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"term" text NOT NULL,
	"action" text NOT NULL,
	"target_lang" text DEFAULT '*' NOT NULL,
	"translation" text,
	"case_sensitive" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transliteration_pairs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"source" text NOT NULL,
	"source_key" text NOT NULL,
	"target_lang" text NOT NULL,
	"target" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_entries" ADD CONSTRAINT "memory_entries_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_segment_totals" ADD CONSTRAINT "project_segment_totals_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_counts" ADD CONSTRAINT "translation_counts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_revisions" ADD CONSTRAINT "translation_revisions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_revisions" ADD CONSTRAINT "translation_revisions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translation_revisions" ADD CONSTRAINT "translation_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translations" ADD CONSTRAINT "translations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_run_items" ADD CONSTRAINT "mt_run_items_run_id_mt_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."mt_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_run_items" ADD CONSTRAINT "mt_run_items_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_runs" ADD CONSTRAINT "mt_runs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_runs" ADD CONSTRAINT "mt_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_runs" ADD CONSTRAINT "mt_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_usage" ADD CONSTRAINT "mt_usage_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mt_usage" ADD CONSTRAINT "mt_usage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transliteration_pairs" ADD CONSTRAINT "transliteration_pairs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transliteration_pairs" ADD CONSTRAINT "transliteration_pairs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_project_idx" ON "feedback" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "memory_entries_key_uq" ON "memory_entries" USING btree ("organisation_id","source_lang","target_lang","source_hash");--> statement-breakpoint
CREATE INDEX "suggestions_project_idx" ON "suggestions" USING btree ("project_id","status","created_at");--> statement-breakpoint
CREATE INDEX "translation_revisions_entry_idx" ON "translation_revisions" USING btree ("project_id","source_hash","target_lang","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "translations_segment_lang_uq" ON "translations" USING btree ("segment_id","target_lang");--> statement-breakpoint
CREATE INDEX "translations_project_lang_type_idx" ON "translations" USING btree ("project_id","target_lang","type");--> statement-breakpoint
CREATE INDEX "translations_org_hash_idx" ON "translations" USING btree ("organisation_id","source_hash","target_lang");--> statement-breakpoint
CREATE INDEX "mt_run_items_state_idx" ON "mt_run_items" USING btree ("run_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "mt_runs_project_request_uq" ON "mt_runs" USING btree ("project_id","request_id");--> statement-breakpoint
CREATE INDEX "mt_runs_project_idx" ON "mt_runs" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "mt_usage_organisation_month_idx" ON "mt_usage" USING btree ("organisation_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_terms_project_term_uq" ON "glossary_terms" USING btree ("project_id","target_lang","term");--> statement-breakpoint
CREATE INDEX "glossary_terms_project_idx" ON "glossary_terms" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transliteration_pairs_uq" ON "transliteration_pairs" USING btree ("project_id","target_lang","source_key");