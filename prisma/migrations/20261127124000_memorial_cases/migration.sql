-- Memorial cases (docs/cases.md): a pet in the business's care, its checkpoint scans and an
-- append-only, hash-chained custody log; cremation chambers and who is in them; the family's
-- revocable status links and their e-mails.

-- CreateEnum
CREATE TYPE "CaseServiceType" AS ENUM ('private', 'partitioned', 'communal');
CREATE TYPE "CaseReturnMethod" AS ENUM ('clinic_pickup', 'delivery', 'pickup_here');
CREATE TYPE "CaseStation" AS ENUM ('intake', 'cooler_in', 'cooler_out', 'chamber_in', 'chamber_out', 'processing', 'packaged', 'ready', 'returned');
CREATE TYPE "CaseStatus" AS ENUM ('open', 'closed');

-- CreateTable
CREATE TABLE "cases" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "number" TEXT NOT NULL,
    "year" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "uuid" UUID,
    "status" "CaseStatus" NOT NULL DEFAULT 'open',
    "service_type" "CaseServiceType" NOT NULL,
    "current_station" "CaseStation",
    "current_station_at" TIMESTAMPTZ(3),
    "chamber_id" UUID,
    "pet_name" TEXT NOT NULL,
    "pet_species" TEXT NOT NULL,
    "pet_breed" TEXT,
    "pet_weight_lbs" DECIMAL(6,2),
    "pet_color" TEXT,
    "pet_photo_key" TEXT,
    "family_name" TEXT NOT NULL,
    "family_phone" TEXT,
    "family_email" TEXT,
    "family_address" TEXT,
    "family_email_consent" BOOLEAN NOT NULL DEFAULT false,
    "clinic_vendor_id" UUID,
    "paw_print" BOOLEAN NOT NULL DEFAULT false,
    "fur_clipping" BOOLEAN NOT NULL DEFAULT false,
    "urn_product" TEXT,
    "return_method" "CaseReturnMethod",
    "promised_return_date" DATE,
    "tag_serial" TEXT NOT NULL,
    "notes" TEXT,
    "process_run_id" UUID,
    "certificate_key" TEXT,
    "certificate_sha256" TEXT,
    "certificate_at" TIMESTAMPTZ(3),
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "returned_at" TIMESTAMPTZ(3),
    "closed_at" TIMESTAMPTZ(3),
    "closed_reason" TEXT,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "cases_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "cremation_chambers" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "cremation_chambers_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "chamber_occupancies" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chamber_id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "service_type" "CaseServiceType" NOT NULL,
    "share_key" TEXT NOT NULL,
    "entered_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "exited_at" TIMESTAMPTZ(3),

    CONSTRAINT "chamber_occupancies_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "case_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "case_id" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "station" "CaseStation",
    "chamber_id" UUID,
    "member_id" UUID NOT NULL,
    "device_time" TIMESTAMPTZ(3) NOT NULL,
    "server_time" TIMESTAMPTZ(3) NOT NULL,
    "note" TEXT,
    "photo_key" TEXT,
    "offline" BOOLEAN NOT NULL DEFAULT false,
    "client_uuid" UUID,
    "details" JSONB NOT NULL DEFAULT '{}',
    "prev_hash" TEXT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "case_events_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "case_family_links" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "case_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revoked_at" TIMESTAMPTZ(3),
    "revoked_by_id" UUID,

    CONSTRAINT "case_family_links_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "case_emails" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "case_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "to_email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "case_emails_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "cases_number_key" ON "cases"("number");
CREATE UNIQUE INDEX "cases_uuid_key" ON "cases"("uuid");
CREATE UNIQUE INDEX "cases_process_run_id_key" ON "cases"("process_run_id");
CREATE UNIQUE INDEX "cases_year_seq_key" ON "cases"("year", "seq");
CREATE INDEX "cases_status_current_station_idx" ON "cases"("status", "current_station");
CREATE INDEX "cases_created_at_idx" ON "cases"("created_at");
CREATE UNIQUE INDEX "cremation_chambers_name_key" ON "cremation_chambers"("name");
CREATE INDEX "chamber_occupancies_case_id_idx" ON "chamber_occupancies"("case_id");
CREATE INDEX "chamber_occupancies_chamber_id_exited_at_idx" ON "chamber_occupancies"("chamber_id", "exited_at");
CREATE UNIQUE INDEX "case_events_client_uuid_key" ON "case_events"("client_uuid");
CREATE UNIQUE INDEX "case_events_case_id_seq_key" ON "case_events"("case_id", "seq");
CREATE INDEX "case_events_member_id_idx" ON "case_events"("member_id");
CREATE INDEX "case_family_links_case_id_idx" ON "case_family_links"("case_id");
CREATE UNIQUE INDEX "case_emails_case_id_reason_key" ON "case_emails"("case_id", "reason");
CREATE INDEX "case_emails_status_next_attempt_at_idx" ON "case_emails"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "cases" ADD CONSTRAINT "cases_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "cases" ADD CONSTRAINT "cases_process_run_id_fkey" FOREIGN KEY ("process_run_id") REFERENCES "process_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "cases" ADD CONSTRAINT "cases_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "cases" ADD CONSTRAINT "cases_chamber_id_fkey" FOREIGN KEY ("chamber_id") REFERENCES "cremation_chambers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "chamber_occupancies" ADD CONSTRAINT "chamber_occupancies_chamber_id_fkey" FOREIGN KEY ("chamber_id") REFERENCES "cremation_chambers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "chamber_occupancies" ADD CONSTRAINT "chamber_occupancies_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_chamber_id_fkey" FOREIGN KEY ("chamber_id") REFERENCES "cremation_chambers"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_family_links" ADD CONSTRAINT "case_family_links_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_emails" ADD CONSTRAINT "case_emails_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- SQL-only invariants (prisma/sql-invariants.ts) ---------------------------------------------

-- A metal tag's serial names one OPEN case (a closed case's tag may be reused).
CREATE UNIQUE INDEX "cases_open_tag_serial" ON "cases"("tag_serial") WHERE "status" = 'open';
ALTER TABLE "cases" ADD CONSTRAINT "cases_seq_positive" CHECK ("seq" >= 1);

-- One pet, one chamber: open occupancies of a chamber may share it only when none is private.
-- share_key is 'shared' for partitioned and communal cases and the case's id for a private one,
-- so two open rows of one chamber conflict unless both keys are 'shared' (btree_gist).
ALTER TABLE "chamber_occupancies" ADD CONSTRAINT "chamber_occupancies_share_key_matches" CHECK (("service_type" = 'private') = ("share_key" <> 'shared'));
ALTER TABLE "chamber_occupancies" ADD CONSTRAINT "chamber_occupancies_private_alone"
  EXCLUDE USING gist ("chamber_id" WITH =, "share_key" WITH <>) WHERE ("exited_at" IS NULL);
-- ... and a case is in one chamber at a time.
CREATE UNIQUE INDEX "chamber_occupancies_one_open_per_case" ON "chamber_occupancies"("case_id") WHERE "exited_at" IS NULL;

-- The custody log is append-only: UPDATE, DELETE and TRUNCATE are refused.
CREATE FUNCTION refuse_case_event_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The custody log is append-only: % on case_events is refused', TG_OP USING ERRCODE = 'BF003';
END;
$$;
CREATE TRIGGER "case_events_append_only" BEFORE UPDATE OR DELETE ON "case_events" FOR EACH ROW EXECUTE FUNCTION refuse_case_event_change();
CREATE TRIGGER "case_events_no_truncate" BEFORE TRUNCATE ON "case_events" FOR EACH STATEMENT EXECUTE FUNCTION refuse_case_event_change();
ALTER TABLE "case_events" ADD CONSTRAINT "case_events_seq_positive" CHECK ("seq" >= 1);

-- Two chambers to start with (an administrator adds more).
INSERT INTO "cremation_chambers" ("name") VALUES ('Chamber 1'), ('Chamber 2');
