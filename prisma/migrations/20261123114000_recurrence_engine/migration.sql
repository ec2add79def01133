-- Recurrence engine (issue 14). A series is a task with is_recurring = true (a template that
-- never shows in task lists); each occurrence is a fresh task pointing at it.

-- Series state: paused, ended now, and the instant before which no date is generated
-- (set on resume and on a rule edit, so neither back-fills).
ALTER TABLE "tasks" ADD COLUMN "recurrence_paused_at" TIMESTAMPTZ(3);
ALTER TABLE "tasks" ADD COLUMN "recurrence_ended_at" TIMESTAMPTZ(3);
ALTER TABLE "tasks" ADD COLUMN "recurrence_generate_after" TIMESTAMPTZ(3);

-- Occurrence: its business day in the series, its position, and whether it was created after
-- its due time (catch-up after downtime).
ALTER TABLE "tasks" ADD COLUMN "occurrence_date" DATE;
ALTER TABLE "tasks" ADD COLUMN "occurrence_index" INTEGER;
ALTER TABLE "tasks" ADD COLUMN "occurrence_late" BOOLEAN NOT NULL DEFAULT false;

-- The same occurrence can never exist twice, whatever the number of generators running.
-- CreateIndex
CREATE UNIQUE INDEX "tasks_recurrence_source_id_occurrence_date_key" ON "tasks"("recurrence_source_id", "occurrence_date");

-- The generator and /recurring-tasks read the series.
-- CreateIndex
CREATE INDEX "tasks_is_recurring_idx" ON "tasks"("is_recurring");
