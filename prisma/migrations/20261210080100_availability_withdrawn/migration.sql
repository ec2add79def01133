-- A member withdraws their own availability change (docs/schedules.md "Availability"): a pending
-- one (pattern or date), or a date's exception in force from today on. ADD VALUE runs inside the
-- migration's transaction (PostgreSQL 12+); nothing here uses the new value in it.
ALTER TYPE "AvailabilityStatus" ADD VALUE 'withdrawn';
ALTER TABLE "availability_requests" ADD COLUMN "withdrawn_at" TIMESTAMPTZ(3);
