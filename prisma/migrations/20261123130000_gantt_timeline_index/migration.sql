-- The Gantt chart's timeline read (GET /api/tasks/timeline, docs/gantt.md) asks for the live
-- tasks whose span [start, due] overlaps a date window. A btree on due_date can only bound one
-- end (every task due after the window's start would be walked), so the span itself is indexed
-- as a range: GiST answers "overlaps [from, to)" directly. A task without a start date (or one
-- whose start lies after its due date) is the point at its due date.
CREATE INDEX "tasks_timeline_span_idx" ON "tasks"
  USING gist (tstzrange(LEAST(COALESCE("start_date", "due_date"), "due_date"), "due_date", '[]'))
  WHERE "deleted_at" IS NULL;
