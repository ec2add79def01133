-- Schedules (docs/schedules.md): planned shifts and their change history.
CREATE TYPE "ShiftStatus" AS ENUM ('draft', 'published');

CREATE TABLE "shifts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID,
    "unit_id" UUID NOT NULL,
    "role_label" TEXT,
    "punch_location" TEXT,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "break_minutes" INTEGER NOT NULL DEFAULT 0,
    "note" TEXT,
    "status" "ShiftStatus" NOT NULL DEFAULT 'draft',
    "published_at" TIMESTAMPTZ(3),
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "shifts_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "shifts_user_id_starts_at_idx" ON "shifts"("user_id", "starts_at");
CREATE INDEX "shifts_unit_id_starts_at_idx" ON "shifts"("unit_id", "starts_at");
CREATE INDEX "shifts_starts_at_idx" ON "shifts"("starts_at");

ALTER TABLE "shifts" ADD CONSTRAINT "shifts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "organizational_units"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A shift ends after it starts, lasts at most 24 hours (as instants: a night across a DST change
-- is 1 h shorter or longer than its wall clock says), and its unpaid break fits inside it.
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_ends_after_start" CHECK ("ends_at" > "starts_at");
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_at_most_24_hours" CHECK ("ends_at" - "starts_at" <= interval '24 hours');
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_break_fits" CHECK ("break_minutes" >= 0 AND "ends_at" - "starts_at" > make_interval(mins => "break_minutes"));
-- No two shifts of one member overlap (half-open ranges: one may start the instant the previous
-- ends). Open shifts (no member) never conflict. btree_gist was created with the punches' constraint.
CREATE EXTENSION IF NOT EXISTS btree_gist;
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&) WHERE ("user_id" IS NOT NULL);

CREATE TABLE "shift_changes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "shift_id" UUID NOT NULL,
    "actor_id" UUID NOT NULL,
    "action" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "shift_changes_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "shift_changes_shift_id_created_at_idx" ON "shift_changes"("shift_id", "created_at");
ALTER TABLE "shift_changes" ADD CONSTRAINT "shift_changes_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
