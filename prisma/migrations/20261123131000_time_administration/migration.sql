-- Time administration (issue 17): the time policy, audited time edits on punches and task time,
-- pay period locks, correction requests, and the forgotten punch-out flags.

-- CreateEnum
CREATE TYPE "PayPeriodKind" AS ENUM ('weekly', 'biweekly', 'semimonthly');
CREATE TYPE "CorrectionStatus" AS ENUM ('pending', 'approved', 'rejected');

-- punch_sessions: the forgotten punch-out flag and the job's auto-close.
ALTER TABLE "punch_sessions" ADD COLUMN "flagged_at" TIMESTAMPTZ(3),
ADD COLUMN "auto_closed" BOOLEAN NOT NULL DEFAULT false;

-- The forgotten punch-out job scans open punches only.
CREATE INDEX "punch_sessions_open_idx" ON "punch_sessions"("punch_in_at") WHERE "punch_out_at" IS NULL;

-- time_edits: any time row (punch or task time), the member it belongs to, kept after a delete.
-- Earlier rows (none were written before this issue) get their member from the punch.
ALTER TABLE "time_edits" ADD COLUMN "user_id" UUID,
ADD COLUMN "action" TEXT NOT NULL DEFAULT 'update',
ADD COLUMN "entity_type" TEXT NOT NULL DEFAULT 'punch_session',
ADD COLUMN "entity_id" UUID;
UPDATE "time_edits" e SET "user_id" = p."user_id", "entity_id" = e."punch_session_id"
  FROM "punch_sessions" p WHERE p."id" = e."punch_session_id";
ALTER TABLE "time_edits" ALTER COLUMN "user_id" SET NOT NULL,
ALTER COLUMN "entity_id" SET NOT NULL,
ALTER COLUMN "action" DROP DEFAULT,
ALTER COLUMN "entity_type" DROP DEFAULT,
ALTER COLUMN "punch_session_id" DROP NOT NULL,
ALTER COLUMN "before" DROP NOT NULL,
ALTER COLUMN "after" DROP NOT NULL;
ALTER TABLE "time_edits" DROP CONSTRAINT "time_edits_punch_session_id_fkey";
ALTER TABLE "time_edits" ADD CONSTRAINT "time_edits_punch_session_id_fkey" FOREIGN KEY ("punch_session_id") REFERENCES "punch_sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "time_edits" ADD CONSTRAINT "time_edits_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "time_edits_user_id_created_at_idx" ON "time_edits"("user_id", "created_at");
CREATE INDEX "time_edits_entity_type_entity_id_idx" ON "time_edits"("entity_type", "entity_id");

-- CreateTable
CREATE TABLE "time_policies" (
    "id" TEXT NOT NULL DEFAULT 'default',
    "pay_period_kind" "PayPeriodKind" NOT NULL DEFAULT 'weekly',
    "pay_period_anchor" DATE NOT NULL DEFAULT '2026-01-05'::date,
    "lunch_paid_minutes" INTEGER NOT NULL DEFAULT 0,
    "break_paid_minutes" INTEGER NOT NULL DEFAULT 15,
    "daily_overtime_minutes" INTEGER,
    "weekly_overtime_minutes" INTEGER DEFAULT 2400,
    "forgotten_punch_hours" INTEGER NOT NULL DEFAULT 12,
    "auto_close_forgotten" BOOLEAN NOT NULL DEFAULT false,
    "export_rounding_minutes" INTEGER NOT NULL DEFAULT 0,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_policies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "pay_period_locks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "starts_at" TIMESTAMPTZ(3) NOT NULL,
    "ends_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_at" TIMESTAMPTZ(3),
    "locked_by_id" UUID,
    "unlocked_at" TIMESTAMPTZ(3),
    "unlocked_by_id" UUID,
    "unlock_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "pay_period_locks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_correction_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "punch_session_id" UUID,
    "requested_in_at" TIMESTAMPTZ(3) NOT NULL,
    "requested_out_at" TIMESTAMPTZ(3) NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "CorrectionStatus" NOT NULL DEFAULT 'pending',
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "decision_note" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_correction_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "pay_period_locks_user_id_period_start_key" ON "pay_period_locks"("user_id", "period_start");
CREATE INDEX "pay_period_locks_user_id_starts_at_ends_at_idx" ON "pay_period_locks"("user_id", "starts_at", "ends_at");
CREATE INDEX "time_correction_requests_status_created_at_idx" ON "time_correction_requests"("status", "created_at");
CREATE INDEX "time_correction_requests_user_id_created_at_idx" ON "time_correction_requests"("user_id", "created_at");
CREATE INDEX "time_correction_requests_punch_session_id_idx" ON "time_correction_requests"("punch_session_id");

-- AddForeignKey
ALTER TABLE "pay_period_locks" ADD CONSTRAINT "pay_period_locks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_correction_requests" ADD CONSTRAINT "time_correction_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_correction_requests" ADD CONSTRAINT "time_correction_requests_punch_session_id_fkey" FOREIGN KEY ("punch_session_id") REFERENCES "punch_sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- SQL-only (prisma/sql-invariants.ts): a lock covers a real period; rounding is one of the
-- offered steps.
ALTER TABLE "pay_period_locks" ADD CONSTRAINT "pay_period_locks_ends_after_starts" CHECK ("ends_at" > "starts_at");
ALTER TABLE "time_policies" ADD CONSTRAINT "time_policies_export_rounding" CHECK ("export_rounding_minutes" IN (0, 1, 5, 6, 15));
