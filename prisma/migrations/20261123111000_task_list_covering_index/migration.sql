-- Issue 11: the task list at 100k tasks (see docs/performance.md for the EXPLAINs).
-- The list's first step reads only ids, in due-date order, over the visible (undeleted) tasks,
-- filtered by status, privacy and title. This partial index carries exactly those columns,
-- so the default page, a status filter, a title search and a deep offset (page 1,000) are
-- index-only scans with no heap fetches: the default page went from a due-date index scan
-- filtering heap rows (6.6 ms) to 0.15 ms, page 1,000 from 142 ms to 13 ms, and the capped
-- count from a sequential scan (8 ms) to 1.5 ms.
-- Prisma cannot express a partial index with INCLUDE columns, so it is declared in
-- prisma/sql-invariants.ts (kind "partial-index") for the drift check.
CREATE INDEX "tasks_visible_due_idx" ON "tasks" ("due_date", "display_number")
  INCLUDE ("id", "status", "is_private", "created_by_id", "title")
  WHERE "deleted_at" IS NULL;
