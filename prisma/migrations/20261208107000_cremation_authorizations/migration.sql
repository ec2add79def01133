-- The cremation authorization a family signs before any cremation (docs/cases.md "Cremation authorization").

-- A family signing from its link is a custody event no member recorded.
ALTER TABLE "case_events" ALTER COLUMN "member_id" DROP NOT NULL;

CREATE TABLE "case_authorizations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "case_id" UUID NOT NULL,
    "version" INTEGER NOT NULL,
    -- What was signed: the pet, the service, the options, the return, the declarations, the belongings (the PDF's text).
    "content" JSONB NOT NULL,
    -- sha256 of the case's service type and options when signed; a change voids the authorization.
    "content_hash" TEXT NOT NULL,
    "authorizing_name" TEXT NOT NULL,
    "relationship" TEXT NOT NULL,
    "right_to_decide" BOOLEAN NOT NULL,
    "implants" TEXT NOT NULL,
    "belongings" TEXT NOT NULL,
    "signed_via" TEXT NOT NULL,
    "signature_key" TEXT NOT NULL,
    "signed_at" TIMESTAMPTZ(3) NOT NULL,
    "signed_ip" TEXT,
    "signed_by_id" UUID,
    "pdf_key" TEXT NOT NULL,
    "pdf_sha256" TEXT NOT NULL,
    "voided_at" TIMESTAMPTZ(3),
    "void_reason" TEXT,

    CONSTRAINT "case_authorizations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "case_authorizations_right_to_decide" CHECK ("right_to_decide"),
    CONSTRAINT "case_authorizations_implants" CHECK ("implants" IN ('none', 'removed')),
    CONSTRAINT "case_authorizations_belongings" CHECK ("belongings" IN ('none', 'return', 'cremate', 'dispose')),
    CONSTRAINT "case_authorizations_signed_via" CHECK ("signed_via" IN ('family_link', 'counter')),
    CONSTRAINT "case_authorizations_counter_signer" CHECK ("signed_via" <> 'counter' OR "signed_by_id" IS NOT NULL),
    CONSTRAINT "case_authorizations_void_reason" CHECK (("voided_at" IS NULL) = ("void_reason" IS NULL))
);

CREATE UNIQUE INDEX "case_authorizations_case_id_version_key" ON "case_authorizations"("case_id", "version");
-- At most one current (not voided) authorization per case: a second signature of the same case waits and fails here.
CREATE UNIQUE INDEX "case_authorizations_one_current" ON "case_authorizations"("case_id") WHERE "voided_at" IS NULL;

ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_authorizations" ADD CONSTRAINT "case_authorizations_signed_by_id_fkey" FOREIGN KEY ("signed_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A signed authorization never changes: the only update is voiding a current one (once); no delete.
CREATE FUNCTION guard_case_authorization_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD."voided_at" IS NULL AND NEW."voided_at" IS NOT NULL
     AND (to_jsonb(NEW) - 'voided_at' - 'void_reason') = (to_jsonb(OLD) - 'voided_at' - 'void_reason') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'A signed cremation authorization cannot be changed or deleted (%); it can only be voided once', TG_OP USING ERRCODE = 'BF003';
END;
$$;
CREATE TRIGGER "case_authorizations_immutable" BEFORE UPDATE OR DELETE ON "case_authorizations" FOR EACH ROW EXECUTE FUNCTION guard_case_authorization_change();
CREATE TRIGGER "case_authorizations_no_truncate" BEFORE TRUNCATE ON "case_authorizations" FOR EACH STATEMENT EXECUTE FUNCTION refuse_case_event_change();

-- No chamber without a current signed authorization. FOR SHARE holds the authorization row until
-- the occupancy commits, so a concurrent void (an UPDATE of that row) waits for it, or this insert
-- waits for the void and then finds nothing.
CREATE FUNCTION require_case_authorization() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "case_authorizations" WHERE "case_id" = NEW."case_id" AND "voided_at" IS NULL FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'chamber_needs_authorization: case % has no current signed cremation authorization', NEW."case_id" USING ERRCODE = 'BF010';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "chamber_needs_authorization" BEFORE INSERT ON "chamber_occupancies" FOR EACH ROW EXECUTE FUNCTION require_case_authorization();

-- Changing what was authorized (service type, options, return method) voids the current authorization,
-- whoever changes it. The app voids it first and logs it; this catches every other writer.
CREATE FUNCTION void_case_authorization_on_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW."service_type", NEW."paw_print", NEW."fur_clipping", NEW."urn_product", NEW."return_method")
     IS DISTINCT FROM (OLD."service_type", OLD."paw_print", OLD."fur_clipping", OLD."urn_product", OLD."return_method") THEN
    UPDATE "case_authorizations" SET "voided_at" = now(), "void_reason" = 'The service or its options changed after signing.'
    WHERE "case_id" = NEW."id" AND "voided_at" IS NULL;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "cases_void_authorization" AFTER UPDATE ON "cases" FOR EACH ROW EXECUTE FUNCTION void_case_authorization_on_change();
