-- A task (and a process step, which copies it to the tasks it creates) can require its checklist:
-- completing it is refused until every item is ticked.
ALTER TABLE "tasks" ADD COLUMN "checklist_required" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "process_steps" ADD COLUMN "checklist_required" BOOLEAN NOT NULL DEFAULT false;
