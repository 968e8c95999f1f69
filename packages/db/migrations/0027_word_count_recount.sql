-- A word recount queued for the project (project/resync) and not finished: GET project/wordcount answers
-- updating in every web process. Engineer F, issue 5.
ALTER TABLE "projects" ADD COLUMN "word_count_recount_since" timestamp with time zone;