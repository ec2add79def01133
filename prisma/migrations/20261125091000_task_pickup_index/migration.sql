-- Issue 11: the tasks open for pickup (the dashboard's "available to pick up" card, read on
-- every dashboard load and after every save, and the Available Tasks list). A unit's tasks were
-- read through the unit index and then filtered for "no assignee, no vendor, offered for
-- pickup" by a bitmap AND with the assignee index (31,853 rows) and heap rechecks: 5 ms of the
-- stats statement's 11 at 100k tasks. Only pickup tasks are in this partial index (88 KB), so
-- the card reads 37 entries (0.8 ms). Declared in prisma/sql-invariants.ts for the drift check.
CREATE INDEX "tasks_pickup_idx" ON "tasks" ("organizational_unit_id", "status")
  WHERE "available_for_pickup" AND "assignee_id" IS NULL AND "vendor_id" IS NULL AND "deleted_at" IS NULL;
