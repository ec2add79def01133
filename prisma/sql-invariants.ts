/**
 * The database objects that schema.prisma cannot express and the SQL migrations add by hand
 * (see the "SQL-only invariants" section of prisma/migrations/20261122000000_init/migration.sql).
 *
 * The drift check (lib/db-admin/schema-drift.ts) treats these as expected extras, and reports
 * any that are missing or whose definition no longer contains `definition`. Add a line here
 * whenever a migration adds such an object.
 */

export type SqlInvariantKind =
  | "partial-unique-index"
  | "partial-index"
  | "exclusion"
  | "check"
  | "trigger"
  | "extension"
  | "seed-row";

export interface SqlInvariant {
  kind: SqlInvariantKind;
  /** The table it belongs to; for an extension, null. */
  table: string | null;
  /** Index, constraint or trigger name; the extension name; for a seed row, its primary key. */
  name: string;
  /**
   * A fragment the live definition must contain, compared with whitespace collapsed, as
   * Postgres prints it: pg_get_indexdef for indexes, pg_get_constraintdef for checks and
   * exclusions, pg_get_triggerdef for triggers. Empty for extensions and seed rows.
   */
  definition: string;
}

export const SQL_INVARIANTS: readonly SqlInvariant[] = [
  { kind: "extension", table: null, name: "btree_gist", definition: "" },
  // Trigram operators for the tasks_title_idx GIN index (migration 20261122300000_task_title_search).
  { kind: "extension", table: null, name: "pg_trgm", definition: "" },
  // A plain column (the status) beside the trigrams in tasks_search_idx (migration 20261126090000_task_search_status_index).
  { kind: "extension", table: null, name: "btree_gin", definition: "" },

  { kind: "check", table: "users", name: "users_email_lowercase", definition: "CHECK ((email = lower(email)))" },
  // A volunteer has no pay type, everyone else has one (migration 20261207102000_member_type_pays).
  {
    kind: "check",
    table: "users",
    name: "users_pay_type_of_member_type",
    definition: "CHECK (((member_type = 'volunteer'::\"MemberType\") = (pay_type IS NULL)))",
  },
  {
    kind: "check",
    table: "organizational_units",
    name: "organizational_units_not_own_parent",
    definition: "CHECK ((parent_id <> id))",
  },

  { kind: "check", table: "tasks", name: "tasks_display_number_positive", definition: "CHECK ((display_number > 0))" },
  // Only a recurring series may have no number (migration 20261127122000_series_without_number).
  { kind: "check", table: "tasks", name: "tasks_numbered_unless_series", definition: "CHECK ((is_recurring OR (display_number IS NOT NULL)))" },
  {
    kind: "check",
    table: "tasks",
    name: "tasks_recurring_interval_positive",
    definition: "CHECK ((recurring_interval >= 1))",
  },
  {
    kind: "check",
    table: "tasks",
    name: "tasks_recurring_max_count_positive",
    definition: "CHECK (((recurring_max_count IS NULL) OR (recurring_max_count >= 1)))",
  },
  {
    kind: "check",
    table: "tasks",
    name: "tasks_estimated_minutes_nonnegative",
    definition: "CHECK (((estimated_minutes IS NULL) OR (estimated_minutes >= 0)))",
  },

  {
    kind: "partial-unique-index",
    table: "task_assignments",
    name: "task_assignments_one_lead_per_task",
    definition: "USING btree (task_id) WHERE is_lead",
  },

  // The task list's covering index (migrations 20261123111000_task_list_covering_index and
  // 20261125090000_task_list_index_not_recurring, which added is_recurring).
  {
    kind: "partial-index",
    table: "tasks",
    name: "tasks_visible_due_idx",
    definition: "USING btree (due_date, display_number) INCLUDE (id, status, is_private, created_by_id, title, is_recurring) WHERE (deleted_at IS NULL)",
  },
  // The tasks open for pickup: the dashboard's card and the Available Tasks list (migration 20261125091000_task_pickup_index).
  {
    kind: "partial-index",
    table: "tasks",
    name: "tasks_pickup_idx",
    definition: "USING btree (organizational_unit_id, status) WHERE (available_for_pickup AND (assignee_id IS NULL) AND (vendor_id IS NULL) AND (deleted_at IS NULL))",
  },
  // A title search within the listed statuses (migration 20261126090000_task_search_status_index; btree_gin).
  {
    kind: "partial-index",
    table: "tasks",
    name: "tasks_search_idx",
    definition: "USING gin (status, title gin_trgm_ops) WHERE ((deleted_at IS NULL) AND (NOT is_recurring))",
  },
  // The Gantt timeline's window read (migration 20261123130000_gantt_timeline_index): the span as a range.
  {
    kind: "partial-index",
    table: "tasks",
    name: "tasks_timeline_span_idx",
    definition: "USING gist (tstzrange(LEAST(COALESCE(start_date, due_date), due_date), due_date, '[]'::text)) WHERE (deleted_at IS NULL)",
  },

  {
    kind: "partial-unique-index",
    table: "punch_sessions",
    name: "punch_sessions_one_open_per_user",
    definition: "USING btree (user_id) WHERE (punch_out_at IS NULL)",
  },
  {
    kind: "check",
    table: "punch_sessions",
    name: "punch_sessions_out_after_in",
    definition: "CHECK ((punch_out_at >= punch_in_at))",
  },
  {
    kind: "exclusion",
    table: "punch_sessions",
    name: "punch_sessions_no_overlap",
    definition:
      "EXCLUDE USING gist (user_id WITH =, tstzrange(punch_in_at, COALESCE(punch_out_at, 'infinity'::timestamp with time zone), '[)'::text) WITH &&)",
  },
  {
    kind: "trigger",
    table: "punch_sessions",
    name: "punch_sessions_no_open_entries_on_close",
    definition:
      "AFTER UPDATE OF user_id, punch_in_at, punch_out_at ON public.punch_sessions DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_punch_contains_entries()",
  },

  {
    kind: "partial-unique-index",
    table: "task_time_entries",
    name: "task_time_entries_one_open_per_user",
    definition: "USING btree (user_id) WHERE (ended_at IS NULL)",
  },
  {
    kind: "check",
    table: "task_time_entries",
    name: "task_time_entries_ended_after_started",
    definition: "CHECK ((ended_at >= started_at))",
  },
  {
    kind: "trigger",
    table: "task_time_entries",
    name: "task_time_entries_inside_punch",
    definition:
      "AFTER INSERT OR UPDATE ON public.task_time_entries DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION check_time_entry_inside_punch()",
  },

  // Beta issues (migration 20261123120000_beta_issues).
  {
    kind: "check",
    table: "beta_issue_attachments",
    name: "beta_issue_attachments_size_range",
    definition: "CHECK (((size_bytes >= 0) AND (size_bytes <= 10485760)))",
  },
  {
    kind: "check",
    table: "beta_issue_comments",
    name: "beta_issue_comments_body_not_blank",
    definition: "CHECK ((length(btrim(body)) > 0))",
  },

  { kind: "seed-row", table: "counters", name: "task_display_number", definition: "" },

  // Projects and processes (migration 20261123115000_projects_processes).
  { kind: "check", table: "projects", name: "projects_color_hex", definition: "CHECK (((color IS NULL) OR (color ~ '^#[0-9a-f]{6}$'::text)))" },
  { kind: "check", table: "process_steps", name: "process_steps_position_positive", definition: "CHECK ((\"position\" >= 1))" },
  { kind: "check", table: "process_steps", name: "process_steps_offset_nonnegative", definition: "CHECK ((offset_days >= 0))" },
  { kind: "check", table: "process_steps", name: "process_steps_duration_positive", definition: "CHECK ((duration_days >= 1))" },
  { kind: "check", table: "task_dependencies", name: "task_dependencies_not_self", definition: "CHECK ((task_id <> depends_on_task_id))" },
  // Alerts (migration 20261123132000_alerts_accountability): an expected start belongs to a member or a unit.
  { kind: "check", table: "expected_starts", name: "expected_starts_one_owner", definition: "CHECK (((user_id IS NULL) <> (unit_id IS NULL)))" },
  { kind: "check", table: "expected_starts", name: "expected_starts_minutes_range", definition: "CHECK (((start_minutes >= 0) AND (start_minutes < 1440)))" },

  // Time administration (migration 20261123131000_time_administration).
  { kind: "partial-index", table: "punch_sessions", name: "punch_sessions_open_idx", definition: "USING btree (punch_in_at) WHERE (punch_out_at IS NULL)" },
  { kind: "check", table: "pay_period_locks", name: "pay_period_locks_ends_after_starts", definition: "CHECK ((ends_at > starts_at))" },
  {
    kind: "check",
    table: "time_policies",
    name: "time_policies_export_rounding",
    definition: "CHECK ((export_rounding_minutes = ANY (ARRAY[0, 1, 5, 6, 15])))",
  },

  // Memorial cases (migration 20261127124000_memorial_cases).
  { kind: "partial-unique-index", table: "cases", name: "cases_open_tag_serial", definition: "USING btree (tag_serial) WHERE (status = 'open'::\"CaseStatus\")" },
  { kind: "check", table: "cases", name: "cases_seq_positive", definition: "CHECK ((seq >= 1))" },
  {
    kind: "check",
    table: "chamber_occupancies",
    name: "chamber_occupancies_share_key_matches",
    definition: "CHECK (((service_type = 'private'::\"CaseServiceType\") = (share_key <> 'shared'::text)))",
  },
  {
    kind: "exclusion",
    table: "chamber_occupancies",
    name: "chamber_occupancies_private_alone",
    definition: "EXCLUDE USING gist (chamber_id WITH =, share_key WITH <>) WHERE ((exited_at IS NULL))",
  },
  {
    kind: "partial-unique-index",
    table: "chamber_occupancies",
    name: "chamber_occupancies_one_open_per_case",
    definition: "USING btree (case_id) WHERE (exited_at IS NULL)",
  },
  {
    kind: "trigger",
    table: "case_events",
    name: "case_events_append_only",
    definition: "BEFORE DELETE OR UPDATE ON public.case_events FOR EACH ROW EXECUTE FUNCTION refuse_case_event_change()",
  },
  {
    kind: "trigger",
    table: "case_events",
    name: "case_events_no_truncate",
    definition: "BEFORE TRUNCATE ON public.case_events FOR EACH STATEMENT EXECUTE FUNCTION refuse_case_event_change()",
  },
  { kind: "check", table: "case_events", name: "case_events_seq_positive", definition: "CHECK ((seq >= 1))" },
];

/**
 * SQLSTATEs raised by the invariant triggers (through Prisma they arrive as a driver-adapter
 * error of kind "postgres" carrying this code; the constraint name is in the message).
 * The other invariants raise Postgres' own codes: 23505 (partial unique indexes, Prisma P2002
 * with the index name), 23P01 (exclusion) and 23514 (checks), each naming the constraint.
 */
export const INVARIANT_SQLSTATES = {
  /** A task time entry is not inside a punch session of the same user. */
  timeEntryOutsidePunch: "BF001",
  /** A punch session was closed while one of its time entries was still running. */
  punchHasOpenTimeEntry: "BF002",
  /** An UPDATE, DELETE or TRUNCATE of the custody log (case_events is append-only). */
  custodyLogAppendOnly: "BF003",
} as const;

/** The counters row behind the gapless task display number. */
export const TASK_DISPLAY_NUMBER_COUNTER = "task_display_number";
