-- String files of mobile-app projects (ADR 0048): the file, every uploaded version with its bytes,
-- and its translatable units, each pointing at a segment of the project by source hash (the same
-- store as website segments, so editor, TM, MT and orders work on them unchanged).
CREATE TABLE IF NOT EXISTS app_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organisation_id uuid NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  path text NOT NULL,
  format text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  string_count integer NOT NULL DEFAULT 0,
  word_count integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS app_files_project_path_uq ON app_files (project_id, path);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS app_file_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_id uuid NOT NULL REFERENCES app_files(id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  version integer NOT NULL,
  content bytea NOT NULL,
  sha256 text NOT NULL,
  string_count integer NOT NULL,
  added integer NOT NULL,
  changed integer NOT NULL,
  removed integer NOT NULL,
  uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS app_file_versions_file_version_uq ON app_file_versions (file_id, version);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS app_file_units (
  file_id uuid NOT NULL REFERENCES app_files(id) ON DELETE CASCADE,
  unit_id text NOT NULL,
  project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  key text NOT NULL,
  position integer NOT NULL,
  source_hash text NOT NULL,
  comment text,
  max_length integer,
  plural boolean NOT NULL DEFAULT false,
  -- The source hash the unit had before its text changed: its translation was carried over and
  -- waits for review while it is the carried one (origin 'import').
  carried_from_hash text,
  PRIMARY KEY (file_id, unit_id)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS app_file_units_project_hash_idx ON app_file_units (project_id, source_hash);
