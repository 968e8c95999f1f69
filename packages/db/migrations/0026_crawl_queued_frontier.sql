-- The crawl frontier in claim order, queued URLs only. A claim took the crawl's queued and fetching rows from
-- pages_crawl_state_idx and sorted all of them by (depth, created_at) to keep a slice: 8-15 ms a claim half-way
-- through a 10,000-URL crawl. From this index it reads the slice's entries in order (0.15 ms). ADR 0013, session 9.
CREATE INDEX "pages_crawl_queued_idx" ON "pages" USING btree ("crawl_id","depth","created_at") WHERE "pages"."crawl_state" = 'queued';