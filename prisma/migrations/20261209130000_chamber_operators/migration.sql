-- Operators and chambers on record (docs/cases.md "Operators and chambers"): members' certifications,
-- the who-may-load rule, the chambers' maintenance log and out of service, all checked by the
-- database on the chamber_occupancies insert.

-- A member's certification. The days are the business's calendar days; valid_from / valid_until are
-- the instants they start and end in the business time zone (written by the app, which knows the
-- zone), so the database can compare them with the time a pet entered a chamber.
CREATE TABLE "member_certifications" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "member_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "loads_chamber" BOOLEAN NOT NULL DEFAULT true,
    "issued_on" DATE NOT NULL,
    "expires_on" DATE NOT NULL,
    "valid_from" TIMESTAMPTZ(3) NOT NULL,
    "valid_until" TIMESTAMPTZ(3) NOT NULL,
    "client_uuid" UUID,
    "recorded_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "member_certifications_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "member_certifications_name" CHECK (length(btrim("name")) BETWEEN 1 AND 120),
    CONSTRAINT "member_certifications_dates" CHECK ("expires_on" >= "issued_on" AND "valid_until" > "valid_from")
);
CREATE UNIQUE INDEX "member_certifications_client_uuid_key" ON "member_certifications"("client_uuid");
CREATE INDEX "member_certifications_member_id_valid_until_idx" ON "member_certifications"("member_id", "valid_until");
CREATE INDEX "member_certifications_expires_on_idx" ON "member_certifications"("expires_on");
ALTER TABLE "member_certifications" ADD CONSTRAINT "member_certifications_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "member_certifications" ADD CONSTRAINT "member_certifications_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Whether chamber in needs a current certification (off by default).
ALTER TABLE "organization_settings" ADD COLUMN "chamber_in_requires_certification" BOOLEAN NOT NULL DEFAULT false;

-- Who loaded the chamber: the acting member, known to the database for the certification rule.
ALTER TABLE "chamber_occupancies" ADD COLUMN "entered_by_id" UUID;
ALTER TABLE "chamber_occupancies" ADD CONSTRAINT "chamber_occupancies_entered_by_id_fkey" FOREIGN KEY ("entered_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Out of service: since when and why (both or neither).
ALTER TABLE "cremation_chambers" ADD COLUMN "out_of_service_since" TIMESTAMPTZ(3);
ALTER TABLE "cremation_chambers" ADD COLUMN "out_of_service_reason" TEXT;
ALTER TABLE "cremation_chambers" ADD CONSTRAINT "cremation_chambers_out_of_service" CHECK (("out_of_service_since" IS NULL) = ("out_of_service_reason" IS NULL));

-- The maintenance log: inspections and repairs, and each time the chamber left or came back into service.
CREATE TABLE "chamber_maintenance" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "chamber_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "performed_on" DATE NOT NULL,
    "performed_by" TEXT NOT NULL,
    "notes" TEXT NOT NULL DEFAULT '',
    "client_uuid" UUID,
    "recorded_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chamber_maintenance_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "chamber_maintenance_kind" CHECK ("kind" IN ('inspection', 'repair', 'out_of_service', 'back_in_service'))
);
CREATE UNIQUE INDEX "chamber_maintenance_client_uuid_key" ON "chamber_maintenance"("client_uuid");
CREATE INDEX "chamber_maintenance_chamber_id_performed_on_idx" ON "chamber_maintenance"("chamber_id", "performed_on");
ALTER TABLE "chamber_maintenance" ADD CONSTRAINT "chamber_maintenance_chamber_id_fkey" FOREIGN KEY ("chamber_id") REFERENCES "cremation_chambers"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "chamber_maintenance" ADD CONSTRAINT "chamber_maintenance_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A chamber out of service takes no pet. FOR SHARE holds the chamber row until the occupancy commits,
-- so taking it out of service (an UPDATE of that row) waits for a chamber-in in flight, or the
-- chamber-in waits for it and then reads the chamber as it is now.
CREATE FUNCTION require_chamber_in_service() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz;
BEGIN
  SELECT "out_of_service_since" INTO since FROM "cremation_chambers" WHERE "id" = NEW."chamber_id" FOR SHARE;
  IF since IS NOT NULL THEN
    RAISE EXCEPTION 'chamber_in_service: chamber % is out of service', NEW."chamber_id" USING ERRCODE = 'BF031';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "chamber_in_service" BEFORE INSERT ON "chamber_occupancies" FOR EACH ROW EXECUTE FUNCTION require_chamber_in_service();

-- When the setting is on, whoever loads the chamber (entered_by_id) holds a certification that lets
-- them load one, valid at the time the pet entered. FOR SHARE: removing that certification waits for
-- the occupancy to commit, or the occupancy waits for the removal and is refused.
CREATE FUNCTION require_certified_operator() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  required boolean;
BEGIN
  SELECT "chamber_in_requires_certification" INTO required FROM "organization_settings" WHERE "id" = 1;
  IF NOT coalesce(required, false) THEN
    RETURN NEW;
  END IF;
  PERFORM 1 FROM "member_certifications"
   WHERE "member_id" = NEW."entered_by_id" AND "loads_chamber"
     AND "valid_from" <= NEW."entered_at" AND NEW."entered_at" < "valid_until"
   FOR SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'chamber_needs_certified_operator: member % holds no current certification to load a chamber', NEW."entered_by_id" USING ERRCODE = 'BF032';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "chamber_needs_certified_operator" BEFORE INSERT ON "chamber_occupancies" FOR EACH ROW EXECUTE FUNCTION require_certified_operator();
