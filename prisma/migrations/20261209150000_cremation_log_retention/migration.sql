-- The cremation log and the retention of custody records (docs/cases.md "Cremation log" and "Retention").

-- The log reads chamber occupancies by the time they entered the chamber (a date range, optionally one chamber).
CREATE INDEX "chamber_occupancies_entered_at_idx" ON "chamber_occupancies"("entered_at");
CREATE INDEX "chamber_occupancies_chamber_id_entered_at_idx" ON "chamber_occupancies"("chamber_id", "entered_at");

-- How long a closed case and its custody records are kept, in years (the setting; 7 by default).
ALTER TABLE "organization_settings" ADD COLUMN "case_retention_years" INTEGER NOT NULL DEFAULT 7;
ALTER TABLE "organization_settings" ADD CONSTRAINT "organization_settings_case_retention_years" CHECK ("case_retention_years" BETWEEN 1 AND 100);

-- True while a case is inside its retention period: it is open, or it closed less than the
-- setting's years ago. The setting's row is read FOR SHARE, so a change of the period waits for a
-- delete that read it to commit, and a delete that comes during a change waits and reads the new value.
CREATE FUNCTION case_in_retention(p_case_id uuid) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  v_closed timestamptz;
  v_years integer;
BEGIN
  SELECT "case_retention_years" INTO v_years FROM "organization_settings" WHERE "id" = 1 FOR SHARE;
  SELECT "closed_at" INTO v_closed FROM "cases" WHERE "id" = p_case_id;
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  RETURN v_closed IS NULL OR v_closed + make_interval(years => COALESCE(v_years, 7)) > now();
END;
$$;

-- Deleting a case, its custody events, its authorizations or its chamber occupancies (the
-- cremation log's rows) inside the retention period is refused (SQLSTATE BF050), whoever deletes.
CREATE FUNCTION refuse_delete_in_retention() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_case uuid;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'case_retention: TRUNCATE on % is refused; closed cases past the retention period are deleted row by row', TG_TABLE_NAME USING ERRCODE = 'BF050';
  END IF;
  IF TG_TABLE_NAME = 'cases' THEN
    v_case := OLD."id";
  ELSE
    v_case := OLD."case_id";
  END IF;
  IF case_in_retention(v_case) THEN
    RAISE EXCEPTION 'case_retention: case % is inside its retention period; its records cannot be deleted', v_case USING ERRCODE = 'BF050';
  END IF;
  RETURN OLD;
END;
$$;
CREATE TRIGGER "cases_retention" BEFORE DELETE ON "cases" FOR EACH ROW EXECUTE FUNCTION refuse_delete_in_retention();
CREATE TRIGGER "cases_no_truncate" BEFORE TRUNCATE ON "cases" FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_in_retention();
CREATE TRIGGER "chamber_occupancies_retention" BEFORE DELETE ON "chamber_occupancies" FOR EACH ROW EXECUTE FUNCTION refuse_delete_in_retention();

-- The custody log stays append-only for UPDATE (and TRUNCATE, BF003); a DELETE follows the
-- retention rule instead of being refused for ever, so a case past its period can be purged whole.
DROP TRIGGER "case_events_append_only" ON "case_events";
CREATE TRIGGER "case_events_append_only" BEFORE UPDATE ON "case_events" FOR EACH ROW EXECUTE FUNCTION refuse_case_event_change();
CREATE TRIGGER "case_events_retention" BEFORE DELETE ON "case_events" FOR EACH ROW EXECUTE FUNCTION refuse_delete_in_retention();

-- A signed authorization: still never changed (only voided once); deleted only with its case, past the period.
CREATE OR REPLACE FUNCTION guard_case_authorization_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD."voided_at" IS NULL AND NEW."voided_at" IS NOT NULL
     AND (to_jsonb(NEW) - 'voided_at' - 'void_reason') = (to_jsonb(OLD) - 'voided_at' - 'void_reason') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF case_in_retention(OLD."case_id") THEN
      RAISE EXCEPTION 'case_retention: case % is inside its retention period; its records cannot be deleted', OLD."case_id" USING ERRCODE = 'BF050';
    END IF;
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'A signed cremation authorization cannot be changed or deleted (%); it can only be voided once', TG_OP USING ERRCODE = 'BF003';
END;
$$;
