-- Schedule planning (docs/schedules.md): shift templates (a named week of shifts), members'
-- availability with date exceptions and approval, and the schedule's settings.

CREATE TABLE "shift_templates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "shift_templates_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "shift_templates_name_key" ON "shift_templates"("name");
ALTER TABLE "shift_templates" ADD CONSTRAINT "shift_templates_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- One shift of a template: a weekday (0 = Sunday), a wall-clock start (minutes after midnight)
-- and a wall-clock length, so applying it on a DST day keeps the clock times.
CREATE TABLE "shift_template_shifts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "template_id" UUID NOT NULL,
    "weekday" INTEGER NOT NULL,
    "user_id" UUID,
    "unit_id" UUID NOT NULL,
    "role_label" TEXT,
    "punch_location" TEXT,
    "start_minute" INTEGER NOT NULL,
    "length_minutes" INTEGER NOT NULL,
    "break_minutes" INTEGER NOT NULL DEFAULT 0,
    "note" TEXT,
    CONSTRAINT "shift_template_shifts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "shift_template_shifts_weekday" CHECK ("weekday" BETWEEN 0 AND 6),
    CONSTRAINT "shift_template_shifts_times" CHECK ("start_minute" BETWEEN 0 AND 1439 AND "length_minutes" BETWEEN 1 AND 1440 AND "break_minutes" >= 0 AND "break_minutes" < "length_minutes")
);
CREATE INDEX "shift_template_shifts_template_id_idx" ON "shift_template_shifts"("template_id");
ALTER TABLE "shift_template_shifts" ADD CONSTRAINT "shift_template_shifts_template_id_fkey" FOREIGN KEY ("template_id") REFERENCES "shift_templates"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_template_shifts" ADD CONSTRAINT "shift_template_shifts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shift_template_shifts" ADD CONSTRAINT "shift_template_shifts_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "organizational_units"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TYPE "AvailabilityStatus" AS ENUM ('pending', 'approved', 'declined', 'superseded');

-- A member's availability: the weekly pattern (day IS NULL) or one date's exception, as a
-- request that a manager approves (or that is approved at once when the setting says so).
CREATE TABLE "availability_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "day" DATE,
    "blocks" JSONB NOT NULL DEFAULT '[]',
    "note" TEXT,
    "status" "AvailabilityStatus" NOT NULL DEFAULT 'pending',
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decision_note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "availability_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "availability_requests_blocks_array" CHECK (jsonb_typeof("blocks") = 'array')
);
CREATE INDEX "availability_requests_user_id_status_day_idx" ON "availability_requests"("user_id", "status", "day");
CREATE INDEX "availability_requests_status_created_at_idx" ON "availability_requests"("status", "created_at");
-- At most one pending and one approved (the one in force) per member and pattern or date.
CREATE UNIQUE INDEX "availability_requests_one_pending" ON "availability_requests"("user_id", COALESCE("day", '0001-01-01'::date)) WHERE "status" = 'pending';
CREATE UNIQUE INDEX "availability_requests_one_approved" ON "availability_requests"("user_id", COALESCE("day", '0001-01-01'::date)) WHERE "status" = 'approved';
ALTER TABLE "availability_requests" ADD CONSTRAINT "availability_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "availability_requests" ADD CONSTRAINT "availability_requests_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The schedule's settings: one row.
CREATE TABLE "schedule_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "availability_requires_approval" BOOLEAN NOT NULL DEFAULT true,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "schedule_settings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "schedule_settings_one_row" CHECK ("id" = 1)
);
INSERT INTO "schedule_settings" ("id") VALUES (1);
