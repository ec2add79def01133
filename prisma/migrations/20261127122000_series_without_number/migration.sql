-- A recurring series is a template that never appears in a task list, so it takes no task
-- number: numbers people see stay consecutive (a series no longer leaves a hole between
-- #44 and #46). Series saved before keep the numbers they have. Every task outside a series
-- has its number; a series turned back into a plain task takes the next one when it does.
ALTER TABLE "tasks" ALTER COLUMN "display_number" DROP NOT NULL;
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_numbered_unless_series" CHECK ("is_recurring" OR "display_number" IS NOT NULL);
