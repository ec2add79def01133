-- Issue 11, again: every list read also leaves out recurring series templates (issue 14 added
-- is_recurring = false after tasks_visible_due_idx was made), and the index did not carry that
-- column, so the planner could no longer answer the list from the index alone. Page 1,000 went
-- back to a due-date index scan that read 50,000 rows from the heap (64 ms at 100k tasks); with
-- is_recurring among the INCLUDE columns it is an index-only scan again (10 ms, no heap fetches).
-- Declared in prisma/sql-invariants.ts for the drift check.
DROP INDEX "tasks_visible_due_idx";
CREATE INDEX "tasks_visible_due_idx" ON "tasks" ("due_date", "display_number")
  INCLUDE ("id", "status", "is_private", "created_by_id", "title", "is_recurring")
  WHERE "deleted_at" IS NULL;
