-- The labour cost cache (docs/time.md "Speed", lib/cache/labour-cost-cache.ts) keeps
-- GET /api/labour-cost's answer for a range wholly in the past until a change could alter it.
-- Statements announce on the member-versions channel (pg_notify at commit to every instance, RAISE
-- NOTICE at once to the writer), with no row written and no lock taken:
--   'pay <from ms> <to ms|inf>'  a punch or task clock changed somewhere in that span of time;
--   'pay all'                    anything else a figure or a label depends on changed.

CREATE FUNCTION announce_pay(payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bfs_member_versions', 'pay ' || payload);
  RAISE NOTICE 'bfs_member_versions pay %', payload;
END $$;

CREATE FUNCTION announce_pay_span(lo timestamptz, hi timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF lo IS NULL THEN RETURN; END IF;
  PERFORM announce_pay(floor(extract(epoch FROM lo) * 1000)::bigint || ' ' ||
    CASE WHEN hi IS NULL OR hi = 'infinity' THEN 'inf' ELSE ceil(extract(epoch FROM hi) * 1000)::bigint::text END);
END $$;

-- Punches and task clocks: the span of the rows before and after the statement (an open one
-- reaches to 'inf'). The table's start and end columns are the trigger's two arguments.
CREATE FUNCTION announce_pay_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE lo timestamptz; hi timestamptz; olo timestamptz; ohi timestamptz;
  span text := format('SELECT min(%I), max(COALESCE(%I, ''infinity'')) FROM ', TG_ARGV[0], TG_ARGV[1]);
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    EXECUTE span || 'new_rows' INTO lo, hi;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE span || 'old_rows' INTO olo, ohi;
    lo := least(lo, olo);
    hi := greatest(hi, ohi);
  END IF;
  PERFORM announce_pay_span(lo, hi);
  RETURN NULL;
END $$;

CREATE FUNCTION announce_pay_all() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce_pay('all');
  RETURN NULL;
END $$;

CREATE TRIGGER punch_sessions_pay_ins AFTER INSERT ON punch_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('punch_in_at', 'punch_out_at');
CREATE TRIGGER punch_sessions_pay_upd AFTER UPDATE ON punch_sessions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('punch_in_at', 'punch_out_at');
CREATE TRIGGER punch_sessions_pay_del AFTER DELETE ON punch_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('punch_in_at', 'punch_out_at');
CREATE TRIGGER punch_sessions_pay_trunc AFTER TRUNCATE ON punch_sessions FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();

CREATE TRIGGER task_time_entries_pay_ins AFTER INSERT ON task_time_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('started_at', 'ended_at');
CREATE TRIGGER task_time_entries_pay_upd AFTER UPDATE ON task_time_entries REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('started_at', 'ended_at');
CREATE TRIGGER task_time_entries_pay_del AFTER DELETE ON task_time_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('started_at', 'ended_at');
CREATE TRIGGER task_time_entries_pay_trunc AFTER TRUNCATE ON task_time_entries FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();

-- Rates, the policy and its rules, paid time off, break waivers, what a task counts towards, and
-- the names the groups are labelled with: rare writes, so any of them ends every entry.
CREATE TRIGGER pay_rates_pay_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pay_rates FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER time_policies_pay_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_policies FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER time_off_requests_pay_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_off_requests FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER time_off_types_pay_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON time_off_types FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER break_waivers_pay_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON break_waivers FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER unit_memberships_pay_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON unit_memberships FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER organizational_units_pay_change AFTER INSERT OR UPDATE OF name, jurisdiction OR DELETE OR TRUNCATE ON organizational_units FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER punch_stations_pay_change AFTER INSERT OR UPDATE OF jurisdiction OR DELETE OR TRUNCATE ON punch_stations FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER tasks_pay_change AFTER UPDATE OF organizational_unit_id, project_id, process_run_id OR DELETE OR TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER projects_pay_change AFTER UPDATE OF name OR DELETE OR TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER process_runs_pay_change AFTER UPDATE OF name OR DELETE OR TRUNCATE ON process_runs FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER cases_pay_change AFTER INSERT OR UPDATE OF number, pet_name, process_run_id OR DELETE OR TRUNCATE ON cases FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
CREATE TRIGGER users_pay_change AFTER UPDATE OF first_name, last_name OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all();
