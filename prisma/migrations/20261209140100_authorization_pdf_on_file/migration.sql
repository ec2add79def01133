-- An authorization recorded without a PDF (demo and test data made without the app's signing, which
-- always stores one) says so with no key, instead of naming a file that is not stored
-- (docs/cases.md "Cremation authorization"). The key and its sha256 come together or not at all.
ALTER TABLE "case_authorizations" ALTER COLUMN "pdf_key" DROP NOT NULL;
ALTER TABLE "case_authorizations" ALTER COLUMN "pdf_sha256" DROP NOT NULL;
ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_pdf_pair" CHECK (("pdf_key" IS NULL) = ("pdf_sha256" IS NULL));
