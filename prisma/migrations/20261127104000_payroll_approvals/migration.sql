-- Two-step close of a pay period (approve, then lock), payroll IDs and pay types, export settings.
CREATE TYPE "PayType" AS ENUM ('hourly', 'salaried', 'volunteer');

ALTER TABLE "users" ADD COLUMN "payroll_id" TEXT,
ADD COLUMN "pay_type" "PayType" NOT NULL DEFAULT 'hourly';
CREATE UNIQUE INDEX "users_payroll_id_key" ON "users"("payroll_id");
UPDATE "users" SET "pay_type" = 'volunteer' WHERE "member_type" = 'volunteer';

ALTER TABLE "pay_period_locks" ADD COLUMN "approved_at" TIMESTAMPTZ(3),
ADD COLUMN "approved_by_id" UUID;
-- Periods locked before approval was its own step count as approved by whoever locked them.
UPDATE "pay_period_locks" SET "approved_at" = "locked_at", "approved_by_id" = "locked_by_id" WHERE "locked_at" IS NOT NULL;

ALTER TABLE "time_policies" ADD COLUMN "payroll_export" JSONB NOT NULL DEFAULT '{}';
ALTER TABLE "pay_period_locks" ADD CONSTRAINT "pay_period_locks_approved_by_id_fkey" FOREIGN KEY ("approved_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
