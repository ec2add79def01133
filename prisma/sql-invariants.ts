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
  { kind: "check", table: "cases", name: "cases_remains_weight_positive", definition: "CHECK (((remains_weight_lbs IS NULL) OR (remains_weight_lbs > (0)::numeric)))" },
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
    definition: "BEFORE UPDATE ON public.case_events FOR EACH ROW EXECUTE FUNCTION refuse_case_event_change()",
  },
  {
    kind: "trigger",
    table: "case_events",
    name: "case_events_no_truncate",
    definition: "BEFORE TRUNCATE ON public.case_events FOR EACH STATEMENT EXECUTE FUNCTION refuse_case_event_change()",
  },
  { kind: "check", table: "case_events", name: "case_events_seq_positive", definition: "CHECK ((seq >= 1))" },
  // Schedules (docs/schedules.md): a shift ends after it starts, lasts at most 24 h, its break fits,
  // and one member's shifts never overlap (open shifts, with no member, never conflict).
  { kind: "check", table: "shifts", name: "shifts_ends_after_start", definition: "CHECK ((ends_at > starts_at))" },
  { kind: "check", table: "shifts", name: "shifts_at_most_24_hours", definition: "CHECK (((ends_at - starts_at) <= '24:00:00'::interval))" },
  {
    kind: "check",
    table: "shifts",
    name: "shifts_break_fits",
    definition: "CHECK (((break_minutes >= 0) AND ((ends_at - starts_at) > make_interval(mins => break_minutes))))",
  },
  {
    kind: "exclusion",
    table: "shifts",
    name: "shifts_no_overlap",
    definition: "EXCLUDE USING gist (user_id WITH =, tstzrange(starts_at, ends_at, '[)'::text) WITH &&) WHERE ((user_id IS NOT NULL))",
  },

  // The cremation authorization (migration 20261208107000_cremation_authorizations, docs/cases.md).
  { kind: "partial-unique-index", table: "case_authorizations", name: "case_authorizations_one_current", definition: "USING btree (case_id) WHERE (voided_at IS NULL)" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_void_reason", definition: "CHECK (((voided_at IS NULL) = (void_reason IS NULL)))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_counter_signer", definition: "CHECK (((signed_via <> ALL (ARRAY['counter'::text, 'clinic'::text])) OR (signed_by_id IS NOT NULL)))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_signed_via", definition: "CHECK ((signed_via = ANY (ARRAY['family_link'::text, 'counter'::text, 'clinic'::text])))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_clinic", definition: "CHECK ((((signed_via = 'clinic'::text) = (clinic_vendor_id IS NOT NULL)) AND ((clinic_reference IS NULL) OR (signed_via = 'clinic'::text))))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_belongings", definition: "CHECK ((belongings = ANY (ARRAY['none'::text, 'return'::text, 'cremate'::text, 'dispose'::text])))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_implants", definition: "CHECK ((implants = ANY (ARRAY['none'::text, 'removed'::text])))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_right_to_decide", definition: "CHECK (right_to_decide)" },
  // Belongings (migration 20261208111000_case_belongings).
  { kind: "check", table: "case_belongings", name: "case_belongings_disposition", definition: "CHECK ((disposition = ANY (ARRAY['return'::text, 'cremate'::text, 'dispose'::text])))" },
  { kind: "check", table: "case_belongings", name: "case_belongings_description", definition: "CHECK (((length(btrim(description)) >= 1) AND (length(btrim(description)) <= 200)))" },
  { kind: "check", table: "case_belongings", name: "case_belongings_packaged_by", definition: "CHECK (((packaged_at IS NULL) = (packaged_by_id IS NULL)))" },
  { kind: "check", table: "case_belongings", name: "case_belongings_returned_by", definition: "CHECK (((returned_at IS NULL) = (returned_by_id IS NULL)))" },
  {
    kind: "trigger",
    table: "case_authorizations",
    name: "case_authorizations_immutable",
    definition: "BEFORE DELETE OR UPDATE ON public.case_authorizations FOR EACH ROW EXECUTE FUNCTION guard_case_authorization_change()",
  },
  {
    kind: "trigger",
    table: "case_authorizations",
    name: "case_authorizations_clinic_of_case",
    definition: "BEFORE INSERT ON public.case_authorizations FOR EACH ROW EXECUTE FUNCTION check_case_authorization_clinic()",
  },
  {
    kind: "trigger",
    table: "case_authorizations",
    name: "case_authorizations_no_truncate",
    definition: "BEFORE TRUNCATE ON public.case_authorizations FOR EACH STATEMENT EXECUTE FUNCTION refuse_case_event_change()",
  },
  {
    kind: "trigger",
    table: "chamber_occupancies",
    name: "chamber_needs_authorization",
    definition: "BEFORE INSERT ON public.chamber_occupancies FOR EACH ROW EXECUTE FUNCTION require_case_authorization()",
  },
  // Operators and chambers (docs/cases.md "Operators and chambers"): no chamber-in while the chamber is out of
  // service, nor by an operator without a current certification when the setting asks for one.
  {
    kind: "trigger",
    table: "chamber_occupancies",
    name: "chamber_in_service",
    definition: "BEFORE INSERT ON public.chamber_occupancies FOR EACH ROW EXECUTE FUNCTION require_chamber_in_service()",
  },
  {
    kind: "trigger",
    table: "chamber_occupancies",
    name: "chamber_needs_certified_operator",
    definition: "BEFORE INSERT ON public.chamber_occupancies FOR EACH ROW EXECUTE FUNCTION require_certified_operator()",
  },
  { kind: "check", table: "cremation_chambers", name: "cremation_chambers_out_of_service", definition: "CHECK (((out_of_service_since IS NULL) = (out_of_service_reason IS NULL)))" },
  { kind: "check", table: "chamber_maintenance", name: "chamber_maintenance_kind", definition: "CHECK ((kind = ANY (ARRAY['inspection'::text, 'repair'::text, 'out_of_service'::text, 'back_in_service'::text])))" },
  { kind: "check", table: "member_certifications", name: "member_certifications_name", definition: "CHECK (((length(btrim(name)) >= 1) AND (length(btrim(name)) <= 120)))" },
  { kind: "check", table: "member_certifications", name: "member_certifications_dates", definition: "CHECK (((expires_on >= issued_on) AND (valid_until > valid_from)))" },
  {
    kind: "trigger",
    table: "cases",
    name: "cases_void_authorization",
    definition: "AFTER UPDATE ON public.cases FOR EACH ROW EXECUTE FUNCTION void_case_authorization_on_change()",
  },
  // Retention (docs/cases.md "Retention", migration 20261209150000_cremation_log_retention): no case,
  // custody event, authorization or chamber occupancy is deleted inside the period (BF050).
  { kind: "check", table: "organization_settings", name: "organization_settings_case_retention_years", definition: "CHECK (((case_retention_years >= 1) AND (case_retention_years <= 100)))" },
  { kind: "trigger", table: "cases", name: "cases_retention", definition: "BEFORE DELETE ON public.cases FOR EACH ROW EXECUTE FUNCTION refuse_delete_in_retention()" },
  { kind: "trigger", table: "cases", name: "cases_no_truncate", definition: "BEFORE TRUNCATE ON public.cases FOR EACH STATEMENT EXECUTE FUNCTION refuse_delete_in_retention()" },
  { kind: "trigger", table: "case_events", name: "case_events_retention", definition: "BEFORE DELETE ON public.case_events FOR EACH ROW EXECUTE FUNCTION refuse_delete_in_retention()" },
  {
    kind: "trigger",
    table: "chamber_occupancies",
    name: "chamber_occupancies_retention",
    definition: "BEFORE DELETE ON public.chamber_occupancies FOR EACH ROW EXECUTE FUNCTION refuse_delete_in_retention()",
  },
  // Time off (docs/schedules.md "Time off"): a request's days in order, its hours a day within a
  // day, its total the hours a day times its days; a ledger row changes the balance.
  { kind: "check", table: "time_off_requests", name: "time_off_requests_days_in_order", definition: "CHECK ((end_day >= start_day))" },
  { kind: "check", table: "time_off_requests", name: "time_off_requests_minutes_per_day", definition: "CHECK (((minutes_per_day > 0) AND (minutes_per_day <= 1440)))" },
  { kind: "check", table: "time_off_requests", name: "time_off_requests_minutes", definition: "CHECK ((minutes = (minutes_per_day * ((end_day - start_day) + 1))))" },
  { kind: "check", table: "time_off_ledger", name: "time_off_ledger_minutes_nonzero", definition: "CHECK ((minutes <> 0))" },
  // Schedule planning (migration 20261209110000_schedule_planning, docs/schedules.md): a template
  // shift's weekday and wall-clock times; one pending and one approved availability per member
  // and pattern (day null) or date; one settings row.
  { kind: "check", table: "shift_template_shifts", name: "shift_template_shifts_weekday", definition: "CHECK (((weekday >= 0) AND (weekday <= 6)))" },
  {
    kind: "check",
    table: "shift_template_shifts",
    name: "shift_template_shifts_times",
    definition: "CHECK ((((start_minute >= 0) AND (start_minute <= 1439)) AND ((length_minutes >= 1) AND (length_minutes <= 1440)) AND (break_minutes >= 0) AND (break_minutes < length_minutes)))",
  },
  { kind: "check", table: "availability_requests", name: "availability_requests_blocks_array", definition: "CHECK ((jsonb_typeof(blocks) = 'array'::text))" },
  {
    kind: "partial-unique-index",
    table: "availability_requests",
    name: "availability_requests_one_pending",
    definition: "USING btree (user_id, COALESCE(day, '0001-01-01'::date)) WHERE (status = 'pending'::\"AvailabilityStatus\")",
  },
  {
    kind: "partial-unique-index",
    table: "availability_requests",
    name: "availability_requests_one_approved",
    definition: "USING btree (user_id, COALESCE(day, '0001-01-01'::date)) WHERE (status = 'approved'::\"AvailabilityStatus\")",
  },
  { kind: "check", table: "schedule_settings", name: "schedule_settings_one_row", definition: "CHECK ((id = 1))" },
  { kind: "seed-row", table: "schedule_settings", name: "1", definition: "" },
  // Swaps and covers and time-off policies (docs/schedules.md "Swaps and covers", "Policies").
  { kind: "partial-unique-index", table: "shift_swaps", name: "shift_swaps_one_live_offer", definition: "ON public.shift_swaps USING btree (shift_id) WHERE (status = ANY (ARRAY['open'::\"ShiftSwapStatus\", 'accepted'::\"ShiftSwapStatus\"]))" },
  { kind: "check", table: "shift_swaps", name: "shift_swaps_given_shift_fits_kind", definition: "given_shift_id IS NULL" },
  { kind: "check", table: "shift_swaps", name: "shift_swaps_accepted_has_acceptor", definition: "accepted_by_id IS NOT NULL" },
  { kind: "check", table: "time_off_policies", name: "time_off_policies_method_fields", definition: "yearly_minutes > 0" },
  { kind: "check", table: "time_off_policies", name: "time_off_policies_cap_not_negative", definition: "carry_over_cap_minutes >= 0" },
  // A time-off type's name is unique whatever its case (migration 20261209220000_time_off_type_names).
  { kind: "partial-unique-index", table: "time_off_types", name: "time_off_types_name_lower", definition: "USING btree (lower(name))" },
  // Push (docs/notifications.md): one VAPID key row; every bell row of a member with a device writes the push outbox.
  { kind: "check", table: "push_vapid_keys", name: "push_vapid_keys_one_row", definition: "CHECK ((id = 1))" },
  // Single sign-on (docs/auth.md): one provider row; SSO required only with a break-glass admin.
  { kind: "check", table: "sso_settings", name: "sso_settings_one_row", definition: "CHECK ((id = 1))" },
  { kind: "check", table: "sso_settings", name: "sso_settings_preset", definition: "CHECK ((preset = ANY (ARRAY['google'::text, 'microsoft'::text, 'generic'::text])))" },
  { kind: "check", table: "sso_settings", name: "sso_settings_break_glass", definition: "CHECK (((NOT require_sso) OR (enabled AND (break_glass_user_id IS NOT NULL))))" },
  { kind: "check", table: "case_authorizations", name: "case_authorizations_pdf_pair", definition: "CHECK (((pdf_key IS NULL) = (pdf_sha256 IS NULL)))" },
  { kind: "check", table: "remains_weight_ranges", name: "remains_weight_ranges_bounds", definition: "CHECK (((min_percent > (0)::numeric) AND (min_percent < max_percent) AND (max_percent <= (100)::numeric)))" },
  { kind: "check", table: "remains_weight_ranges", name: "remains_weight_ranges_species_key", definition: "CHECK (((species = lower(btrim(species))) AND ((length(species) >= 1) AND (length(species) <= 60))))" },
  {
    kind: "trigger",
    table: "alert_recipients",
    name: "alert_recipients_push_outbox",
    definition: "AFTER INSERT ON public.alert_recipients FOR EACH ROW EXECUTE FUNCTION push_outbox_on_alert_recipient()",
  },
  // Pay rates (migration 20261210010100_pay_rates): integer cents not negative, one key, one rate per member, key and day.
  { kind: "check", table: "pay_rates", name: "pay_rates_amount_not_negative", definition: "CHECK ((amount_cents >= 0))" },
  { kind: "check", table: "pay_rates", name: "pay_rates_one_key", definition: "CHECK (((role_label IS NULL) OR (unit_id IS NULL)))" },
  {
    kind: "partial-unique-index",
    table: "pay_rates",
    name: "pay_rates_one_per_key_and_day",
    definition: "USING btree (user_id, COALESCE(role_label, ''::text), COALESCE(unit_id, '00000000-0000-0000-0000-000000000000'::uuid), effective_from)",
  },
  // Clinic billing (migration 20261210060000_clinic_billing, docs/billing.md).
  { kind: "partial-unique-index", table: "price_list_versions", name: "price_list_versions_one_per_day_standard", definition: "USING btree (effective_from) WHERE (clinic_vendor_id IS NULL)" },
  { kind: "partial-unique-index", table: "price_list_versions", name: "price_list_versions_one_per_day_clinic", definition: "USING btree (clinic_vendor_id, effective_from) WHERE (clinic_vendor_id IS NOT NULL)" },
  { kind: "check", table: "memorial_products", name: "memorial_products_stock_not_negative", definition: "CHECK ((stock >= 0))" },
  { kind: "check", table: "memorial_products", name: "memorial_products_category", definition: "CHECK ((category = ANY (ARRAY['urn'::text, 'keepsake'::text])))" },
  { kind: "check", table: "price_items", name: "price_items_price_not_negative", definition: "CHECK ((price_cents >= 0))" },
  { kind: "check", table: "price_items", name: "price_items_kind_fields", definition: "CHECK ((((kind = 'service'::\"PriceItemKind\")" },
  {
    kind: "exclusion",
    table: "price_items",
    name: "price_items_no_overlapping_brackets",
    definition: "EXCLUDE USING gist (version_id WITH =, service_type WITH =, int4range(min_lbs, max_lbs, '[]'::text) WITH &&) WHERE ((kind = 'service'::\"PriceItemKind\"))",
  },
  { kind: "partial-unique-index", table: "price_items", name: "price_items_one_option", definition: "USING btree (version_id, option_code) WHERE (kind = 'option'::\"PriceItemKind\")" },
  { kind: "partial-unique-index", table: "price_items", name: "price_items_one_product", definition: "USING btree (version_id, product_id) WHERE (kind = 'product'::\"PriceItemKind\")" },
  { kind: "check", table: "billing_settings", name: "billing_settings_rates", definition: "CHECK ((((service_tax_rate >= 0) AND (service_tax_rate <= 100000))" },
  { kind: "seed-row", table: "billing_settings", name: "1", definition: "" },
  { kind: "check", table: "statements", name: "statements_balance_adds_up", definition: "CHECK ((balance_cents = (((previous_balance_cents + charges_cents) + tax_cents) - payments_cents)))" },
  { kind: "check", table: "statement_lines", name: "statement_lines_kind", definition: "CHECK (((kind = ANY (ARRAY['charge'::text, 'payment'::text])) AND ((kind = 'charge'::text) = (category IS NOT NULL))))" },
  { kind: "check", table: "case_charges", name: "case_charges_adjustment_reason", definition: "CHECK ((((kind = 'adjustment'::\"CaseChargeKind\") = (reason IS NOT NULL))" },
  { kind: "check", table: "billing_payments", name: "billing_payments_payer", definition: "CHECK (((num_nonnulls(clinic_vendor_id, case_id) = 1) AND (amount_cents > 0)))" },
  { kind: "trigger", table: "statements", name: "statements_frozen", definition: "BEFORE DELETE OR UPDATE ON public.statements FOR EACH ROW EXECUTE FUNCTION refuse_statement_change()" },
  { kind: "trigger", table: "statement_lines", name: "statement_lines_frozen", definition: "BEFORE DELETE OR UPDATE ON public.statement_lines FOR EACH ROW EXECUTE FUNCTION refuse_statement_change()" },
  { kind: "trigger", table: "statement_lines", name: "statement_lines_with_statement", definition: "BEFORE INSERT ON public.statement_lines FOR EACH ROW EXECUTE FUNCTION check_statement_line_insert()" },
  { kind: "trigger", table: "case_charges", name: "case_charges_frozen", definition: "BEFORE DELETE OR UPDATE ON public.case_charges FOR EACH ROW EXECUTE FUNCTION check_billed_row_change()" },
  { kind: "trigger", table: "billing_payments", name: "billing_payments_frozen", definition: "BEFORE DELETE OR UPDATE ON public.billing_payments FOR EACH ROW EXECUTE FUNCTION check_billed_row_change()" },
  // Clinics (migration 20261210040000_clinics, docs/clinics.md).
  { kind: "check", table: "invitations", name: "invitations_clinic_vendor", definition: "CHECK ((((role)::text = 'clinic'::text) = (clinic_vendor_id IS NOT NULL)))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_address", definition: "CHECK ((btrim(address) <> ''::text))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_cancelled_at", definition: "CHECK (((status = 'cancelled'::\"PickupRequestStatus\") = (cancelled_at IS NOT NULL)))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_case", definition: "CHECK (((case_id IS NULL) OR (status = 'picked_up'::\"PickupRequestStatus\")))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_lat_lng_pair", definition: "CHECK (((latitude IS NULL) = (longitude IS NULL)))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_lat_lng_range", definition: "CHECK ((((latitude IS NULL) OR ((latitude >= ('-90'::integer)::numeric) AND (latitude <= (90)::numeric))) AND ((longitude IS NULL) OR ((longitude >= ('-180'::integer)::numeric) AND (longitude <= (180)::numeric)))))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_origin_clinic", definition: "CHECK (((origin = 'clinic'::\"PickupOrigin\") = (clinic_vendor_id IS NOT NULL)))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_owner", definition: "CHECK ((owner_will_contact OR (owner_name IS NOT NULL)))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_pet_name", definition: "CHECK ((btrim(pet_name) <> ''::text))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_pet_species", definition: "CHECK ((btrim(pet_species) <> ''::text))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_picked_up_at", definition: "CHECK (((status = 'picked_up'::\"PickupRequestStatus\") = (picked_up_at IS NOT NULL)))" },
  { kind: "check", table: "pickup_requests", name: "pickup_requests_weight", definition: "CHECK (((pet_weight_lbs IS NULL) OR (pet_weight_lbs > (0)::numeric)))" },
  { kind: "check", table: "users", name: "users_clinic_vendor", definition: "CHECK ((((role)::text = 'clinic'::text) = (clinic_vendor_id IS NOT NULL)))" },
  { kind: "check", table: "vendors", name: "vendors_contacts_array", definition: "CHECK ((jsonb_typeof(contacts) = 'array'::text))" },
  { kind: "check", table: "vendors", name: "vendors_lat_lng_pair", definition: "CHECK (((latitude IS NULL) = (longitude IS NULL)))" },
  { kind: "check", table: "vendors", name: "vendors_lat_lng_range", definition: "CHECK ((((latitude IS NULL) OR ((latitude >= ('-90'::integer)::numeric) AND (latitude <= (90)::numeric))) AND ((longitude IS NULL) OR ((longitude >= ('-180'::integer)::numeric) AND (longitude <= (180)::numeric)))))" },
  { kind: "trigger", table: "users", name: "users_clinic_vendor_kind", definition: "BEFORE INSERT OR UPDATE OF clinic_vendor_id ON public.users FOR EACH ROW EXECUTE FUNCTION check_clinic_vendor_kind()" },
  { kind: "trigger", table: "invitations", name: "invitations_clinic_vendor_kind", definition: "BEFORE INSERT OR UPDATE OF clinic_vendor_id ON public.invitations FOR EACH ROW EXECUTE FUNCTION check_clinic_vendor_kind()" },
  { kind: "trigger", table: "pickup_requests", name: "pickup_requests_clinic_vendor_kind", definition: "BEFORE INSERT OR UPDATE OF clinic_vendor_id ON public.pickup_requests FOR EACH ROW EXECUTE FUNCTION check_clinic_vendor_kind()" },
  // Pickup runs (migration 20261210050100_pickup_runs, docs/runs.md).
  { kind: "check", table: "pickup_runs", name: "pickup_runs_vehicle", definition: "CHECK ((btrim(vehicle) <> ''::text))" },
  { kind: "check", table: "pickup_run_stops", name: "pickup_run_stops_position_positive", definition: "CHECK ((\"position\" >= 1))" },
  { kind: "check", table: "pickup_run_settings", name: "pickup_run_settings_one_row", definition: "CHECK ((id = 1))" },
  { kind: "check", table: "pickup_run_settings", name: "pickup_run_settings_lat_lng_pair", definition: "CHECK (((latitude IS NULL) = (longitude IS NULL)))" },
  // Jurisdiction rules (migration 20261210020100_jurisdiction_rules, docs/time.md): the preset lists and break waivers.
  { kind: "check", table: "time_policies", name: "time_policies_jurisdiction_check", definition: "CHECK ((jurisdiction = ANY (ARRAY['federal'::text, 'california'::text, 'illinois'::text, 'new_york'::text, 'washington'::text, 'oregon'::text, 'colorado'::text])))" },
  { kind: "check", table: "organizational_units", name: "organizational_units_jurisdiction_check", definition: "CHECK (((jurisdiction IS NULL) OR (jurisdiction = ANY (ARRAY['federal'::text, 'california'::text, 'illinois'::text, 'new_york'::text, 'washington'::text, 'oregon'::text, 'colorado'::text]))))" },
  { kind: "check", table: "punch_stations", name: "punch_stations_jurisdiction_check", definition: "CHECK (((jurisdiction IS NULL) OR (jurisdiction = ANY (ARRAY['federal'::text, 'california'::text, 'illinois'::text, 'new_york'::text, 'washington'::text, 'oregon'::text, 'colorado'::text]))))" },
  { kind: "check", table: "break_waivers", name: "break_waivers_kind_check", definition: "CHECK ((kind = ANY (ARRAY['meal'::text, 'rest'::text])))" },
  { kind: "check", table: "break_waivers", name: "break_waivers_reason_check", definition: "CHECK ((length(btrim(reason)) > 0))" },
  // Poll and caller versions (migrations 20261210070000_member_versions, 20261210090000_clinic_caller_versions; docs/performance.md).
  { kind: "trigger", table: "alert_recipients", name: "alert_recipients_version_del", definition: "AFTER DELETE ON public.alert_recipients REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "alert_recipients", name: "alert_recipients_version_ins", definition: "AFTER INSERT ON public.alert_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "alert_recipients", name: "alert_recipients_version_trunc", definition: "AFTER TRUNCATE ON public.alert_recipients FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush()" },
  { kind: "trigger", table: "alert_recipients", name: "alert_recipients_version_upd", definition: "AFTER UPDATE ON public.alert_recipients REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "alerts", name: "alerts_version_trunc", definition: "AFTER TRUNCATE ON public.alerts FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush()" },
  { kind: "trigger", table: "alerts", name: "alerts_version_upd", definition: "AFTER UPDATE ON public.alerts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_alerts_poll()" },
  { kind: "trigger", table: "auth_sessions", name: "auth_sessions_version_del", definition: "AFTER DELETE ON public.auth_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_sessions()" },
  { kind: "trigger", table: "auth_sessions", name: "auth_sessions_version_trunc", definition: "AFTER TRUNCATE ON public.auth_sessions FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush()" },
  { kind: "trigger", table: "auth_sessions", name: "auth_sessions_version_upd", definition: "AFTER UPDATE ON public.auth_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_sessions()" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_version_del", definition: "AFTER DELETE ON public.punch_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_version_ins", definition: "AFTER INSERT ON public.punch_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_version_trunc", definition: "AFTER TRUNCATE ON public.punch_sessions FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush()" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_version_upd", definition: "AFTER UPDATE ON public.punch_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_version_del", definition: "AFTER DELETE ON public.task_time_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_version_ins", definition: "AFTER INSERT ON public.task_time_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_version_trunc", definition: "AFTER TRUNCATE ON public.task_time_entries FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush()" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_version_upd", definition: "AFTER UPDATE ON public.task_time_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_poll()" },
  { kind: "trigger", table: "tasks", name: "tasks_version_upd", definition: "AFTER UPDATE ON public.tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_tasks_poll()" },
  { kind: "trigger", table: "unit_memberships", name: "unit_memberships_version_del", definition: "AFTER DELETE ON public.unit_memberships REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_auth()" },
  { kind: "trigger", table: "unit_memberships", name: "unit_memberships_version_ins", definition: "AFTER INSERT ON public.unit_memberships REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_auth()" },
  { kind: "trigger", table: "unit_memberships", name: "unit_memberships_version_trunc", definition: "AFTER TRUNCATE ON public.unit_memberships FOR EACH STATEMENT EXECUTE FUNCTION member_versions_flush()" },
  { kind: "trigger", table: "unit_memberships", name: "unit_memberships_version_upd", definition: "AFTER UPDATE ON public.unit_memberships REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_rows_auth()" },
  { kind: "trigger", table: "users", name: "users_version_del", definition: "AFTER DELETE ON public.users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_users()" },
  { kind: "trigger", table: "users", name: "users_version_upd", definition: "AFTER UPDATE ON public.users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_users()" },
  { kind: "trigger", table: "vendors", name: "vendors_version_upd", definition: "AFTER UPDATE ON public.vendors REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION member_versions_clinics()" },
  // The week grid's and labour cost's caches (migrations 20261210100000_schedule_generation, 20261210110000_pay_change_announcements; docs/schedules.md, docs/time.md).
  { kind: "trigger", table: "availability_requests", name: "availability_requests_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.availability_requests FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "break_waivers", name: "break_waivers_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.break_waivers FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "cases", name: "cases_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OF number, pet_name, process_run_id OR TRUNCATE ON public.cases FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "organizational_units", name: "organizational_units_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OF name, jurisdiction OR TRUNCATE ON public.organizational_units FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "organizational_units", name: "organizational_units_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OF name OR TRUNCATE ON public.organizational_units FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "pay_rates", name: "pay_rates_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.pay_rates FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "process_runs", name: "process_runs_pay_change", definition: "AFTER DELETE OR UPDATE OF name OR TRUNCATE ON public.process_runs FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "projects", name: "projects_pay_change", definition: "AFTER DELETE OR UPDATE OF name OR TRUNCATE ON public.projects FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_pay_del", definition: "AFTER DELETE ON public.punch_sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('punch_in_at', 'punch_out_at')" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_pay_ins", definition: "AFTER INSERT ON public.punch_sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('punch_in_at', 'punch_out_at')" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_pay_trunc", definition: "AFTER TRUNCATE ON public.punch_sessions FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "punch_sessions", name: "punch_sessions_pay_upd", definition: "AFTER UPDATE ON public.punch_sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('punch_in_at', 'punch_out_at')" },
  { kind: "trigger", table: "punch_stations", name: "punch_stations_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OF jurisdiction OR TRUNCATE ON public.punch_stations FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "punch_stations", name: "punch_stations_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.punch_stations FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "shifts", name: "shifts_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.shifts FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_pay_del", definition: "AFTER DELETE ON public.task_time_entries REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('started_at', 'ended_at')" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_pay_ins", definition: "AFTER INSERT ON public.task_time_entries REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('started_at', 'ended_at')" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_pay_trunc", definition: "AFTER TRUNCATE ON public.task_time_entries FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "task_time_entries", name: "task_time_entries_pay_upd", definition: "AFTER UPDATE ON public.task_time_entries REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_rows('started_at', 'ended_at')" },
  { kind: "trigger", table: "tasks", name: "tasks_pay_change", definition: "AFTER DELETE OR UPDATE OF organizational_unit_id, project_id, process_run_id OR TRUNCATE ON public.tasks FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "time_off_requests", name: "time_off_requests_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.time_off_requests FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "time_off_requests", name: "time_off_requests_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.time_off_requests FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "time_off_types", name: "time_off_types_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.time_off_types FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "time_off_types", name: "time_off_types_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.time_off_types FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "time_policies", name: "time_policies_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.time_policies FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "time_policies", name: "time_policies_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OF weekly_overtime_minutes OR TRUNCATE ON public.time_policies FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "unit_memberships", name: "unit_memberships_pay_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.unit_memberships FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "unit_memberships", name: "unit_memberships_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.unit_memberships FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
  { kind: "trigger", table: "users", name: "users_pay_change", definition: "AFTER DELETE OR UPDATE OF first_name, last_name OR TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION announce_pay_all()" },
  { kind: "trigger", table: "users", name: "users_schedule_change", definition: "AFTER INSERT OR DELETE OR UPDATE OF first_name, last_name, is_active OR TRUNCATE ON public.users FOR EACH STATEMENT EXECUTE FUNCTION announce_schedule_change()" },
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
  /** A DELETE (or TRUNCATE) of a case or its custody records inside the retention period (organization_settings.case_retention_years). */
  caseRetention: "BF050",
  /** A change to an issued statement or its lines, or to a charge or payment a statement carries (docs/billing.md). */
  statementFrozen: "BF060",
  /** A clinic user, clinic invitation or pickup request names a vendor that is not of kind clinic. */
  clinicVendorKind: "BF012",
} as const;

/** The counters row behind the gapless task display number. */
export const TASK_DISPLAY_NUMBER_COUNTER = "task_display_number";
