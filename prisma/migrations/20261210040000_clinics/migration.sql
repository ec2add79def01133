-- Clinic partners (docs/clinics.md): a vendor's kind (vendor | clinic), its address, extra
-- contacts and billing e-mail; clinic users (role "clinic", tied to one clinic, never a member);
-- clinic invitations; pickup requests (from a clinic or a family's home).

CREATE TYPE "VendorKind" AS ENUM ('vendor', 'clinic');
ALTER TABLE "vendors"
  ADD COLUMN "kind" "VendorKind" NOT NULL DEFAULT 'vendor',
  ADD COLUMN "address" TEXT,
  ADD COLUMN "postcode" TEXT,
  ADD COLUMN "latitude" DECIMAL(9,6),
  ADD COLUMN "longitude" DECIMAL(9,6),
  ADD COLUMN "billing_email" TEXT,
  ADD COLUMN "contacts" JSONB NOT NULL DEFAULT '[]';
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_contacts_array" CHECK (jsonb_typeof("contacts") = 'array');
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_lat_lng_pair" CHECK (("latitude" IS NULL) = ("longitude" IS NULL));
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_lat_lng_range" CHECK (("latitude" IS NULL OR "latitude" BETWEEN -90 AND 90) AND ("longitude" IS NULL OR "longitude" BETWEEN -180 AND 180));
CREATE INDEX "vendors_kind_is_active_name_idx" ON "vendors"("kind", "is_active", "name");

-- The clinics already named on cases (referring clinics) are clinics.
UPDATE "vendors" SET "kind" = 'clinic'
 WHERE "id" IN (SELECT "clinic_vendor_id" FROM "cases" WHERE "clinic_vendor_id" IS NOT NULL
                UNION SELECT "clinic_vendor_id" FROM "case_authorizations" WHERE "clinic_vendor_id" IS NOT NULL);

ALTER TYPE "Role" ADD VALUE 'clinic';

ALTER TABLE "users" ADD COLUMN "clinic_vendor_id" UUID;
ALTER TABLE "users" ADD CONSTRAINT "users_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE INDEX "users_clinic_vendor_id_idx" ON "users"("clinic_vendor_id");
-- ('clinic' as text: a new enum value cannot be used in the transaction that adds it.)
ALTER TABLE "users" ADD CONSTRAINT "users_clinic_vendor" CHECK (("role"::text = 'clinic') = ("clinic_vendor_id" IS NOT NULL));

ALTER TABLE "invitations" ADD COLUMN "clinic_vendor_id" UUID;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_clinic_vendor" CHECK (("role"::text = 'clinic') = ("clinic_vendor_id" IS NOT NULL));

-- A clinic user's (and a clinic invitation's) vendor must be of kind clinic, whoever writes the row.
CREATE FUNCTION check_clinic_vendor_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."clinic_vendor_id" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "vendors" WHERE "id" = NEW."clinic_vendor_id" AND "kind" = 'clinic'
  ) THEN
    RAISE EXCEPTION 'clinic_vendor_kind: % names a vendor that is not a clinic', TG_TABLE_NAME USING ERRCODE = 'BF012';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "users_clinic_vendor_kind" BEFORE INSERT OR UPDATE OF "clinic_vendor_id" ON "users" FOR EACH ROW EXECUTE FUNCTION check_clinic_vendor_kind();
CREATE TRIGGER "invitations_clinic_vendor_kind" BEFORE INSERT OR UPDATE OF "clinic_vendor_id" ON "invitations" FOR EACH ROW EXECUTE FUNCTION check_clinic_vendor_kind();

CREATE TYPE "PickupOrigin" AS ENUM ('clinic', 'home');
CREATE TYPE "PickupUrgency" AS ENUM ('routine', 'urgent');
CREATE TYPE "PickupRequestStatus" AS ENUM ('open', 'assigned', 'picked_up', 'cancelled');

CREATE TABLE "pickup_requests" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "number" TEXT NOT NULL,
  "year" INTEGER NOT NULL,
  "seq" INTEGER NOT NULL,
  "uuid" UUID NOT NULL,
  "origin" "PickupOrigin" NOT NULL,
  "clinic_vendor_id" UUID,
  "status" "PickupRequestStatus" NOT NULL DEFAULT 'open',
  "urgency" "PickupUrgency" NOT NULL DEFAULT 'routine',
  "pet_name" TEXT NOT NULL,
  "pet_species" TEXT NOT NULL,
  "pet_weight_lbs" DECIMAL(6,2),
  "owner_name" TEXT,
  "owner_contact" TEXT,
  "owner_will_contact" BOOLEAN NOT NULL DEFAULT false,
  "service_type" "CaseServiceType",
  "note" TEXT,
  "address" TEXT NOT NULL,
  "postcode" TEXT,
  "latitude" DECIMAL(9,6),
  "longitude" DECIMAL(9,6),
  "case_id" UUID,
  "created_by_id" UUID NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL,
  "picked_up_at" TIMESTAMPTZ(3),
  "cancelled_at" TIMESTAMPTZ(3),
  "cancel_reason" TEXT,
  CONSTRAINT "pickup_requests_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "pickup_requests_origin_clinic" CHECK (("origin" = 'clinic') = ("clinic_vendor_id" IS NOT NULL)),
  CONSTRAINT "pickup_requests_pet_name" CHECK (btrim("pet_name") <> ''),
  CONSTRAINT "pickup_requests_pet_species" CHECK (btrim("pet_species") <> ''),
  CONSTRAINT "pickup_requests_address" CHECK (btrim("address") <> ''),
  CONSTRAINT "pickup_requests_weight" CHECK ("pet_weight_lbs" IS NULL OR "pet_weight_lbs" > 0),
  CONSTRAINT "pickup_requests_owner" CHECK ("owner_will_contact" OR "owner_name" IS NOT NULL),
  CONSTRAINT "pickup_requests_lat_lng_pair" CHECK (("latitude" IS NULL) = ("longitude" IS NULL)),
  CONSTRAINT "pickup_requests_lat_lng_range" CHECK (("latitude" IS NULL OR "latitude" BETWEEN -90 AND 90) AND ("longitude" IS NULL OR "longitude" BETWEEN -180 AND 180)),
  -- Only a picked-up request names its case; a picked-up one has its time, a cancelled one its time.
  CONSTRAINT "pickup_requests_case" CHECK ("case_id" IS NULL OR "status" = 'picked_up'),
  CONSTRAINT "pickup_requests_picked_up_at" CHECK (("status" = 'picked_up') = ("picked_up_at" IS NOT NULL)),
  CONSTRAINT "pickup_requests_cancelled_at" CHECK (("status" = 'cancelled') = ("cancelled_at" IS NOT NULL))
);
CREATE UNIQUE INDEX "pickup_requests_number_key" ON "pickup_requests"("number");
CREATE UNIQUE INDEX "pickup_requests_uuid_key" ON "pickup_requests"("uuid");
CREATE UNIQUE INDEX "pickup_requests_case_id_key" ON "pickup_requests"("case_id");
CREATE UNIQUE INDEX "pickup_requests_year_seq_key" ON "pickup_requests"("year", "seq");
CREATE INDEX "pickup_requests_status_urgency_created_at_idx" ON "pickup_requests"("status", "urgency", "created_at");
CREATE INDEX "pickup_requests_clinic_vendor_id_created_at_idx" ON "pickup_requests"("clinic_vendor_id", "created_at");
ALTER TABLE "pickup_requests" ADD CONSTRAINT "pickup_requests_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pickup_requests" ADD CONSTRAINT "pickup_requests_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pickup_requests" ADD CONSTRAINT "pickup_requests_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
CREATE TRIGGER "pickup_requests_clinic_vendor_kind" BEFORE INSERT OR UPDATE OF "clinic_vendor_id" ON "pickup_requests" FOR EACH ROW EXECUTE FUNCTION check_clinic_vendor_kind();
