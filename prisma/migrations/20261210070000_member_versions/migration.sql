-- A per-member version of what the punch-status poll shows (punch, task clock, unread
-- alerts) and of what resolving the caller reads (session, role, units, active, password), bumped
-- by triggers in the writing transaction, so every path (services, offline replay, admin
-- corrections, jobs, raw SQL, another instance) bumps it. Each bump is announced twice:
--   * pg_notify('bfs_member_versions', '<kind> <user_id> <version>') at commit, to every
--     instance's listener (lib/cache/member-versions.ts), and
--   * RAISE NOTICE with the same text, at once, to the connection that wrote (the writing
--     process drops its own cached entries before the write returns, so a request that follows
--     a write in the same process never sees the old state).
-- docs/performance.md "Poll versions and caches".
CREATE TABLE "member_versions" (
    "user_id" UUID NOT NULL,
    "poll_version" BIGINT NOT NULL DEFAULT 0,
    "auth_version" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "member_versions_pkey" PRIMARY KEY ("user_id")
);

-- Bumps the members' versions in user_id order (two transactions never lock two members' rows in
-- opposite orders within one statement) and announces each new version.
CREATE FUNCTION bump_member_versions(kind text, ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    INSERT INTO member_versions AS m (user_id, poll_version, auth_version)
    SELECT d.u, (kind = 'poll')::int, (kind = 'auth')::int
      FROM (SELECT DISTINCT x AS u FROM unnest(ids) AS x WHERE x IS NOT NULL) d
     ORDER BY d.u
    ON CONFLICT (user_id) DO UPDATE
      SET poll_version = m.poll_version + (kind = 'poll')::int,
          auth_version = m.auth_version + (kind = 'auth')::int
    RETURNING m.user_id, CASE WHEN kind = 'poll' THEN m.poll_version ELSE m.auth_version END AS v
  LOOP
    PERFORM pg_notify('bfs_member_versions', kind || ' ' || r.user_id::text || ' ' || r.v::text);
    RAISE NOTICE 'bfs_member_versions % % %', kind, r.user_id, r.v;
  END LOOP;
END $$;

-- TRUNCATE fires no row trigger: every instance drops everything it cached.
CREATE FUNCTION member_versions_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bfs_member_versions', 'flush');
  RAISE NOTICE 'bfs_member_versions flush';
  RETURN NULL;
END $$;

-- Rows keyed by user_id (punches, task clocks, alert recipients): the members on either side.
CREATE FUNCTION member_versions_rows_poll() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_member_versions('poll', ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_member_versions('poll', ARRAY(SELECT user_id FROM old_rows));
  ELSE
    PERFORM bump_member_versions('poll', ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER punch_sessions_version_ins AFTER INSERT ON punch_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER punch_sessions_version_upd AFTER UPDATE ON punch_sessions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER punch_sessions_version_del AFTER DELETE ON punch_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER punch_sessions_version_trunc AFTER TRUNCATE ON punch_sessions FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush();

CREATE TRIGGER task_time_entries_version_ins AFTER INSERT ON task_time_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER task_time_entries_version_upd AFTER UPDATE ON task_time_entries REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER task_time_entries_version_del AFTER DELETE ON task_time_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER task_time_entries_version_trunc AFTER TRUNCATE ON task_time_entries FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush();

CREATE TRIGGER alert_recipients_version_ins AFTER INSERT ON alert_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER alert_recipients_version_upd AFTER UPDATE ON alert_recipients REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER alert_recipients_version_del AFTER DELETE ON alert_recipients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll();
CREATE TRIGGER alert_recipients_version_trunc AFTER TRUNCATE ON alert_recipients FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush();

-- An alert resolved, acknowledged or snoozed changes its recipients' unread count.
CREATE FUNCTION member_versions_alerts_poll() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions('poll', ARRAY(
    SELECT r.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id JOIN alert_recipients r ON r.alert_id = n.id
     WHERE n.resolved_at IS DISTINCT FROM o.resolved_at
        OR n.acknowledged_at IS DISTINCT FROM o.acknowledged_at
        OR n.snoozed_until IS DISTINCT FROM o.snoozed_until));
  RETURN NULL;
END $$;
CREATE TRIGGER alerts_version_upd AFTER UPDATE ON alerts REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_alerts_poll();
CREATE TRIGGER alerts_version_trunc AFTER TRUNCATE ON alerts FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush();

-- The task a clock runs on shows its number, title (or not, when private), and who completed it.
CREATE FUNCTION member_versions_tasks_poll() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions('poll', ARRAY(
    SELECT e.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN task_time_entries e ON e.task_id = n.id AND e.ended_at IS NULL
     WHERE n.status IS DISTINCT FROM o.status
        OR n.completed_at IS DISTINCT FROM o.completed_at
        OR n.completed_by_id IS DISTINCT FROM o.completed_by_id
        OR n.title IS DISTINCT FROM o.title
        OR n.is_private IS DISTINCT FROM o.is_private
        OR n.created_by_id IS DISTINCT FROM o.created_by_id
        OR n.display_number IS DISTINCT FROM o.display_number));
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_version_upd AFTER UPDATE ON tasks REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_tasks_poll();

-- Resolving the caller reads the user's role, name, e-mail, activity and password state; a
-- renamed member also renames "completed by" on the clocks of tasks they completed.
CREATE FUNCTION member_versions_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_member_versions('auth', ARRAY(SELECT id FROM old_rows));
    RETURN NULL;
  END IF;
  PERFORM bump_member_versions('auth', ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
     WHERE n.role IS DISTINCT FROM o.role
        OR n.is_active IS DISTINCT FROM o.is_active
        OR n.password_hash IS DISTINCT FROM o.password_hash
        OR n.must_change_password IS DISTINCT FROM o.must_change_password
        OR n.first_name IS DISTINCT FROM o.first_name
        OR n.last_name IS DISTINCT FROM o.last_name
        OR n.email IS DISTINCT FROM o.email));
  PERFORM bump_member_versions('poll', ARRAY(
    SELECT e.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN tasks t ON t.completed_by_id = n.id
      JOIN task_time_entries e ON e.task_id = t.id AND e.ended_at IS NULL
     WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name));
  RETURN NULL;
END $$;
CREATE TRIGGER users_version_upd AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_users();
CREATE TRIGGER users_version_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_users();

-- A session revoked, expired or deleted (logout, sign out everywhere, password change or reset,
-- deactivation, SSO required): never the once-a-minute last_seen_at touch.
CREATE FUNCTION member_versions_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_member_versions('auth', ARRAY(SELECT user_id FROM old_rows));
  ELSE
    PERFORM bump_member_versions('auth', ARRAY(
      SELECT o.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
       WHERE n.revoked_at IS DISTINCT FROM o.revoked_at
          OR n.expires_at IS DISTINCT FROM o.expires_at
          OR n.user_id IS DISTINCT FROM o.user_id));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER auth_sessions_version_upd AFTER UPDATE ON auth_sessions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_sessions();
CREATE TRIGGER auth_sessions_version_del AFTER DELETE ON auth_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_sessions();
CREATE TRIGGER auth_sessions_version_trunc AFTER TRUNCATE ON auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush();

-- The caller carries the member's units.
CREATE FUNCTION member_versions_rows_auth() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_member_versions('auth', ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM bump_member_versions('auth', ARRAY(SELECT user_id FROM old_rows));
  ELSE
    PERFORM bump_member_versions('auth', ARRAY(SELECT user_id FROM new_rows UNION SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER unit_memberships_version_ins AFTER INSERT ON unit_memberships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_auth();
CREATE TRIGGER unit_memberships_version_upd AFTER UPDATE ON unit_memberships REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_auth();
CREATE TRIGGER unit_memberships_version_del AFTER DELETE ON unit_memberships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_auth();
CREATE TRIGGER unit_memberships_version_trunc AFTER TRUNCATE ON unit_memberships FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush();
