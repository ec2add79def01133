-- A clinic case's authorization given by the referring clinic on the owner's behalf
-- (docs/cases.md "Cremation authorization"): recorded at the counter by a member, with the clinic
-- and the clinic staff member's name (authorizing_name) and, optionally, the clinic's own reference.
ALTER TABLE "case_authorizations"
  ADD COLUMN "clinic_vendor_id" UUID,
  ADD COLUMN "clinic_reference" TEXT;
ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "case_authorizations" DROP CONSTRAINT "case_authorizations_signed_via";
ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_signed_via" CHECK ("signed_via" IN ('family_link', 'counter', 'clinic'));
ALTER TABLE "case_authorizations" DROP CONSTRAINT "case_authorizations_counter_signer";
ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_counter_signer" CHECK ("signed_via" NOT IN ('counter', 'clinic') OR "signed_by_id" IS NOT NULL);
-- A clinic's authorization names its clinic, and only it does; a reference only with a clinic.
ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_clinic" CHECK (("signed_via" = 'clinic') = ("clinic_vendor_id" IS NOT NULL) AND ("clinic_reference" IS NULL OR "signed_via" = 'clinic'));

-- The clinic must be the case's referring clinic, whoever writes the row.
CREATE FUNCTION check_case_authorization_clinic() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."clinic_vendor_id" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "cases" WHERE "id" = NEW."case_id" AND "clinic_vendor_id" = NEW."clinic_vendor_id"
  ) THEN
    RAISE EXCEPTION 'case_authorization_clinic: only the case''s referring clinic can authorize on the owner''s behalf' USING ERRCODE = 'BF011';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "case_authorizations_clinic_of_case" BEFORE INSERT ON "case_authorizations" FOR EACH ROW EXECUTE FUNCTION check_case_authorization_clinic();
