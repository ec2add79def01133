-- Punch posts managed on /admin/punch-posts: a stable id for the screen's routes, a human name
-- and place, when the post was last printed, and removal (soft: the row keeps its key version).
ALTER TABLE "punch_stations" ADD COLUMN "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN "name" TEXT,
  ADD COLUMN "place" TEXT,
  ADD COLUMN "last_printed_at" TIMESTAMPTZ(3),
  ADD COLUMN "deleted_at" TIMESTAMPTZ(3);

CREATE UNIQUE INDEX "punch_stations_id_key" ON "punch_stations"("id");
