-- The week grid's cache (docs/schedules.md "Performance", lib/cache/schedule-cache.ts) keeps
-- GET /api/schedule's answer per process until anything it shows changes. Every statement that
-- changes what the grid shows announces 'schedule' on the member-versions channel: pg_notify at
-- commit to every instance's listener, and RAISE NOTICE at once to the writing connection (as
-- the member versions do, migration 20261210070000). No row is written and no lock is taken: the
-- cache drops every entry on any announcement that arrives after its read began, so the
-- announcement needs no version number.

CREATE FUNCTION announce_schedule_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bfs_member_versions', 'schedule');
  RAISE NOTICE 'bfs_member_versions schedule';
  RETURN NULL;
END $$;

CREATE TRIGGER shifts_schedule_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shifts FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER time_off_requests_schedule_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_off_requests FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER time_off_types_schedule_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_off_types FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER availability_requests_schedule_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON availability_requests FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER unit_memberships_schedule_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON unit_memberships FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER organizational_units_schedule_change AFTER INSERT OR UPDATE OF name OR DELETE OR TRUNCATE ON organizational_units FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER punch_stations_schedule_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON punch_stations FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
CREATE TRIGGER time_policies_schedule_change AFTER INSERT OR UPDATE OF weekly_overtime_minutes OR DELETE OR TRUNCATE ON time_policies FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
-- A sign-in's last-seen or a password change leaves the grid as it is: only the columns it shows.
CREATE TRIGGER users_schedule_change AFTER INSERT OR UPDATE OF first_name, last_name, is_active OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change();
