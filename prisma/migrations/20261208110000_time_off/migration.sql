-- Time off (docs/schedules.md "Time off"): types, requests and the balance ledger.
CREATE TYPE "TimeOffStatus" AS ENUM ('pending', 'approved', 'declined', 'cancelled');
CREATE TYPE "TimeOffLedgerKind" AS ENUM ('grant', 'accrual', 'use', 'adjustment');

CREATE TABLE "time_off_types" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "paid" BOOLEAN NOT NULL DEFAULT true,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "sort_order" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "time_off_types_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "time_off_types_key_key" ON "time_off_types"("key");

INSERT INTO "time_off_types" ("key", "name", "paid", "sort_order") VALUES
  ('vacation', 'Vacation', true, 1),
  ('sick', 'Sick', true, 2),
  ('unpaid', 'Unpaid', false, 3),
  ('bereavement', 'Bereavement', true, 4);

CREATE TABLE "time_off_requests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "type_id" UUID NOT NULL,
    "start_day" DATE NOT NULL,
    "end_day" DATE NOT NULL,
    "minutes_per_day" INTEGER NOT NULL,
    "full_days" BOOLEAN NOT NULL DEFAULT true,
    "minutes" INTEGER NOT NULL,
    "note" TEXT,
    "status" "TimeOffStatus" NOT NULL DEFAULT 'pending',
    "decided_by_id" UUID,
    "decision_note" TEXT,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "time_off_requests_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_off_requests_days_in_order" CHECK ("end_day" >= "start_day"),
    CONSTRAINT "time_off_requests_minutes_per_day" CHECK ("minutes_per_day" > 0 AND "minutes_per_day" <= 1440),
    CONSTRAINT "time_off_requests_minutes" CHECK ("minutes" = "minutes_per_day" * ("end_day" - "start_day" + 1))
);
CREATE INDEX "time_off_requests_user_id_start_day_idx" ON "time_off_requests"("user_id", "start_day");
CREATE INDEX "time_off_requests_status_start_day_idx" ON "time_off_requests"("status", "start_day");
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "time_off_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_off_requests" ADD CONSTRAINT "time_off_requests_decided_by_id_fkey" FOREIGN KEY ("decided_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

CREATE TABLE "time_off_ledger" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "type_id" UUID NOT NULL,
    "kind" "TimeOffLedgerKind" NOT NULL,
    "minutes" INTEGER NOT NULL,
    "reason" TEXT NOT NULL,
    "actor_id" UUID NOT NULL,
    "request_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "time_off_ledger_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "time_off_ledger_minutes_nonzero" CHECK ("minutes" <> 0)
);
-- One use and one reversal per request at most: approving twice never takes twice.
CREATE UNIQUE INDEX "time_off_ledger_request_id_kind_key" ON "time_off_ledger"("request_id", "kind");
CREATE INDEX "time_off_ledger_user_id_type_id_idx" ON "time_off_ledger"("user_id", "type_id");
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_type_id_fkey" FOREIGN KEY ("type_id") REFERENCES "time_off_types"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "time_off_ledger" ADD CONSTRAINT "time_off_ledger_request_id_fkey" FOREIGN KEY ("request_id") REFERENCES "time_off_requests"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
