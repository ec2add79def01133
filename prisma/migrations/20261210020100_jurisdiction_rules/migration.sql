-- Break and overtime rules by jurisdiction (docs/time.md "Break and overtime rules by jurisdiction"):
-- the organization's preset, a department's or punch post's override, admins' waivers of a
-- missed-break premium, and the figures of a locked period as they were when it locked.
ALTER TABLE "time_policies" ADD COLUMN "jurisdiction" TEXT NOT NULL DEFAULT 'federal';
ALTER TABLE "organizational_units" ADD COLUMN "jurisdiction" TEXT;
ALTER TABLE "punch_stations" ADD COLUMN "jurisdiction" TEXT;

ALTER TABLE "time_policies" ADD CONSTRAINT "time_policies_jurisdiction_check"
  CHECK ("jurisdiction" IN ('federal', 'california', 'illinois', 'new_york', 'washington', 'oregon', 'colorado'));
ALTER TABLE "organizational_units" ADD CONSTRAINT "organizational_units_jurisdiction_check"
  CHECK ("jurisdiction" IS NULL OR "jurisdiction" IN ('federal', 'california', 'illinois', 'new_york', 'washington', 'oregon', 'colorado'));
ALTER TABLE "punch_stations" ADD CONSTRAINT "punch_stations_jurisdiction_check"
  CHECK ("jurisdiction" IS NULL OR "jurisdiction" IN ('federal', 'california', 'illinois', 'new_york', 'washington', 'oregon', 'colorado'));

ALTER TABLE "pay_period_locks" ADD COLUMN "figures" JSONB;

CREATE TABLE "break_waivers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "kind" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "waived_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "break_waivers_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "break_waivers_kind_check" CHECK ("kind" IN ('meal', 'rest')),
    CONSTRAINT "break_waivers_reason_check" CHECK (length(btrim("reason")) > 0)
);
CREATE UNIQUE INDEX "break_waivers_user_id_day_kind_key" ON "break_waivers"("user_id", "day", "kind");
ALTER TABLE "break_waivers" ADD CONSTRAINT "break_waivers_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "break_waivers" ADD CONSTRAINT "break_waivers_waived_by_id_fkey" FOREIGN KEY ("waived_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
