-- Issue 11: a title search's capped count. The trigram index finds every task whose title
-- matches (6,678 for "engrave" at 100k tasks, most of them long completed), and each was then
-- read from the table to check its status: 2,900 heap blocks, 14.5 ms. With the status in the
-- same GIN index (btree_gin lets a GIN index hold a plain column beside the trigrams), the
-- index alone narrows to the listed statuses (1,077 rows, 922 blocks): 6.7 ms. Partial, like
-- the list's other indexes: only the tasks a list shows (not deleted, not a recurring series).
-- btree_gin ships with Postgres' contrib (and with embedded-postgres), like pg_trgm.
-- Declared in prisma/sql-invariants.ts for the drift check.
CREATE EXTENSION IF NOT EXISTS btree_gin;
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("status", "title" gin_trgm_ops)
  WHERE "deleted_at" IS NULL AND NOT "is_recurring";
