-- The URLs that redirect to a page, found by the page's normalised URL: the scope list folds them
-- under each listed page and counts them (a bounded few per row, in URL order).
CREATE INDEX IF NOT EXISTS "pages_project_redirect_target_idx" ON "pages" USING btree ("project_id","canonical_url","normalised_url") WHERE "pages"."status" = 'redirected';
