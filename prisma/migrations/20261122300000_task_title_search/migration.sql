-- Title search for GET /api/tasks?q= (ILIKE '%q%'): a trigram GIN index keeps it fast at 100k tasks.
-- pg_trgm ships with Postgres' contrib (and with embedded-postgres).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "tasks_title_idx" ON "tasks" USING GIN ("title" gin_trgm_ops);
