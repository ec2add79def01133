-- The caller cache (docs/performance.md "Poll versions and caches") keeps a clinic user's caller
-- under the member's auth version. A clinic user's sign-in also depends on their clinic (vendors:
-- active, of kind 'clinic'; docs/clinics.md) and on which clinic they belong to, so both bump it.

CREATE OR REPLACE FUNCTION member_versions_users() RETURNS trigger LANGUAGE plpgsql AS $$
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
        OR n.email IS DISTINCT FROM o.email
        OR n.clinic_vendor_id IS DISTINCT FROM o.clinic_vendor_id));
  PERFORM bump_member_versions('poll', ARRAY(
    SELECT e.user_id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN tasks t ON t.completed_by_id = n.id
      JOIN task_time_entries e ON e.task_id = t.id AND e.ended_at IS NULL
     WHERE n.first_name IS DISTINCT FROM o.first_name OR n.last_name IS DISTINCT FROM o.last_name));
  RETURN NULL;
END $$;

-- A clinic deactivated (or no longer a clinic) signs its users out at once, on every instance.
CREATE FUNCTION member_versions_clinics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_member_versions('auth', ARRAY(
    SELECT u.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN users u ON u.clinic_vendor_id = n.id
     WHERE n.is_active IS DISTINCT FROM o.is_active OR n.kind IS DISTINCT FROM o.kind));
  RETURN NULL;
END $$;
CREATE TRIGGER vendors_version_upd AFTER UPDATE ON vendors REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_clinics();
