-- Swaps and covers, and time-off policies (docs/schedules.md "Swaps and covers", "Policies").

-- A department's swaps and covers wait for a manager's approval unless it turns this off.
ALTER TABLE "organizational_units" ADD COLUMN "swaps_need_approval" BOOLEAN NOT NULL DEFAULT true;

CREATE TYPE "ShiftSwapKind" AS ENUM ('swap', 'cover');
CREATE TYPE "ShiftSwapStatus" AS ENUM ('open', 'accepted', 'approved', 'declined', 'cancelled');

CREATE TABLE "shift_swaps" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "shift_id" UUID NOT NULL,
    "kind" "ShiftSwapKind" NOT NULL,
    "offered_by_id" UUID NOT NULL,
    "note" TEXT,
    "status" "ShiftSwapStatus" NOT NULL DEFAULT 'open',
    "accepted_by_id" UUID,
    "given_shift_id" UUID,
    "accepted_at" TIMESTAMPTZ(3),
    "decided_by_id" UUID,
    "decision_note" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "shift_swaps_pkey" PRIMARY KEY ("id"),
    -- A swap names the shift given in exchange once accepted; a cover never does.
    CONSTRAINT "shift_swaps_given_shift_fits_kind" CHECK (("kind" = 'cover' AND "given_shift_id" IS NULL) OR ("kind" = 'swap' AND ("given_shift_id" IS NOT NULL OR "accepted_by_id" IS NULL))),
    CONSTRAINT "shift_swaps_accepted_has_acceptor" CHECK ("status" IN ('open', 'cancelled') OR "accepted_by_id" IS NOT NULL)
);
CREATE INDEX "shift_swaps_shift_id_idx" ON "shift_swaps"("shift_id");
CREATE INDEX "shift_swaps_given_shift_id_idx" ON "shift_swaps"("given_shift_id");
CREATE INDEX "shift_swaps_status_created_at_idx" ON "shift_swaps"("status", "created_at");
CREATE INDEX "shift_swaps_offered_by_id_created_at_idx" ON "shift_swaps"("offered_by_id", "created_at");
CREATE INDEX "shift_swaps_accepted_by_id_idx" ON "shift_swaps"("accepted_by_id");
-- One live offer per shift: offering it twice, even at once, makes one offer.
CREATE UNIQUE INDEX "shift_swaps_one_live_offer" ON "shift_swaps"("shift_id") WHERE "status" IN ('open', 'accepted');
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_shift_id_fkey" FOREIGN KEY ("shift_id") REFERENCES "shifts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_given_shift_id_fkey" FOREIGN KEY ("given_shift_id") REFERENCES "shifts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_offered_by_id_fkey" FOREIGN KEY ("offered_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_accepted_by_id_fkey" FOREIGN KEY ("accepted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "shift_swaps" ADD CONSTRAINT "shift_swaps_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Policies: one per paid type.
CREATE TYPE "TimeOffPolicyMethod" AS ENUM ('yearly_grant', 'accrual');
CREATE TABLE "time_off_policies" (
    "type_id" UUID NOT NULL,
    "method" "TimeOffPolicyMethod" NOT NULL,
    "yearly_minutes" INTEGER,
    "accrual_minutes" INTEGER,
    "per_worked_minutes" INTEGER,
    "carry_over_cap_minutes" INTEGER,
    "start_day" DATE NOT NULL,
    "updated_by_id" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "time_off_policies_pkey" PRIMARY KEY ("type_id"),
    CONSTRAINT "time_off_policies_method_fields" CHECK (
      ("method" = 'yearly_grant' AND "yearly_minutes" > 0)
      OR ("method" = 'accrual' AND "accrual_minutes" > 0 AND "per_worked_minutes" > 0)
    ),
    CONSTRAINT "time_off_policies_cap_not_negative" CHECK ("carry_over_cap_minutes" IS NULL OR "carry_over_cap_minutes" >= 0)
);
ALTER TABLE "time_off_policies" ADD CONSTRAINT "time_off_policies_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "time_off_types"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "time_off_policies" ADD CONSTRAINT "time_off_policies_updated_by_id_fkey" FOREIGN KEY ("updated_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The policy's ledger rows carry their period (an accrual's pay period, a grant's or carry-over's
-- year); one per member, type, kind and period, so the accrual job can run again and again.
ALTER TABLE "time_off_ledger" ADD COLUMN "period_start" DATE;
CREATE UNIQUE INDEX "time_off_ledger_user_id_type_id_kind_period_start_key" ON "time_off_ledger"("user_id", "type_id", "kind", "period_start");
