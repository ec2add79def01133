-- Title search for GET /api/tasks?q= (ILIKE '%q%'): a trigram GIN index keeps it fast at 100k tasks.
-- pg_trgm ships with Postgres' contrib (and with embedded-postgres).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "tasks_title_idx" ON "tasks" USING GIN ("title" gin_trgm_ops);

-- The dashboard's "completed this week" card reads a user's completions (completed_by_id had no index).
-- CreateIndex
CREATE INDEX "tasks_completed_by_id_completed_at_idx" ON "tasks"("completed_by_id", "completed_at");
