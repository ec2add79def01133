-- CreateEnum
CREATE TYPE "Role" AS ENUM ('admin', 'manager', 'staff');

-- CreateEnum
CREATE TYPE "MemberType" AS ENUM ('employee', 'contractor', 'volunteer');

-- CreateEnum
CREATE TYPE "TaskPriority" AS ENUM ('low', 'normal', 'high', 'critical');

-- CreateEnum
CREATE TYPE "TaskStatus" AS ENUM ('open', 'in_progress', 'blocked', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "AssigneeType" AS ENUM ('user', 'vendor');

-- CreateEnum
CREATE TYPE "RecurringPattern" AS ENUM ('daily', 'weekly', 'monthly', 'annual');

-- CreateEnum
CREATE TYPE "RecurringEndType" AS ENUM ('never', 'after', 'on');

-- CreateEnum
CREATE TYPE "RecurringMonthlyType" AS ENUM ('date', 'weekday');

-- CreateEnum
CREATE TYPE "ProjectStatus" AS ENUM ('planning', 'active', 'on_hold', 'completed', 'cancelled');

-- CreateEnum
CREATE TYPE "PunchSource" AS ENUM ('desktop', 'mobile', 'qr');

-- CreateEnum
CREATE TYPE "ClientType" AS ENUM ('web', 'mobile');

-- CreateEnum
CREATE TYPE "BetaIssueType" AS ENUM ('bug', 'feature', 'usability', 'general');

-- CreateEnum
CREATE TYPE "BetaIssueSeverity" AS ENUM ('informational', 'warning', 'blocker');

-- CreateEnum
CREATE TYPE "BetaIssueStatus" AS ENUM ('open', 'in_progress', 'resolved', 'closed');

-- CreateEnum
CREATE TYPE "ChatRole" AS ENUM ('user', 'assistant');

-- CreateEnum
CREATE TYPE "AlertSeverity" AS ENUM ('info', 'warning', 'critical');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "first_name" TEXT NOT NULL,
    "last_name" TEXT NOT NULL,
    "phone" TEXT,
    "role" "Role" NOT NULL DEFAULT 'staff',
    "member_type" "MemberType" NOT NULL DEFAULT 'employee',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "must_change_password" BOOLEAN NOT NULL DEFAULT false,
    "preferences" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "client_type" "ClientType" NOT NULL DEFAULT 'web',
    "user_agent" TEXT,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "token_hash" TEXT NOT NULL,
    "session_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "replaced_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "password_reset_tokens" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "password_reset_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "invitations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "code_hash" TEXT NOT NULL,
    "email" TEXT,
    "role" "Role" NOT NULL DEFAULT 'staff',
    "created_by_id" UUID NOT NULL,
    "used_by_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "invitations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "login_attempts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "email" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "succeeded" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "login_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "organizational_units" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "unit_number" INTEGER,
    "type" TEXT NOT NULL DEFAULT 'department',
    "description" TEXT,
    "parent_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "organizational_units_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "unit_memberships" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "unit_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "unit_memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "vendors" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "contact_name" TEXT,
    "email" TEXT,
    "phone" TEXT,
    "services" TEXT,
    "notes" TEXT,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "vendors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "projects" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" "ProjectStatus" NOT NULL DEFAULT 'active',
    "organizational_unit_id" UUID,
    "owner_id" UUID,
    "start_date" TIMESTAMPTZ(3),
    "due_date" TIMESTAMPTZ(3),
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "projects_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "processes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "description" TEXT,
    "organizational_unit_id" UUID,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "processes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "process_steps" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "process_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "offset_days" INTEGER NOT NULL DEFAULT 0,
    "duration_minutes" INTEGER,
    "organizational_unit_id" UUID,
    "assignee_id" UUID,

    CONSTRAINT "process_steps_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tasks" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "display_number" INTEGER NOT NULL,
    "uuid" UUID,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "priority" "TaskPriority" NOT NULL DEFAULT 'normal',
    "status" "TaskStatus" NOT NULL DEFAULT 'open',
    "organizational_unit_id" UUID NOT NULL,
    "assignee_type" "AssigneeType",
    "assignee_id" UUID,
    "vendor_id" UUID,
    "project_id" UUID,
    "parent_task_id" UUID,
    "start_date" TIMESTAMPTZ(3),
    "due_date" TIMESTAMPTZ(3) NOT NULL,
    "estimated_minutes" INTEGER,
    "available_for_pickup" BOOLEAN NOT NULL DEFAULT false,
    "is_private" BOOLEAN NOT NULL DEFAULT false,
    "has_checklist" BOOLEAN NOT NULL DEFAULT false,
    "is_recurring" BOOLEAN NOT NULL DEFAULT false,
    "recurring_pattern" "RecurringPattern",
    "recurring_interval" INTEGER NOT NULL DEFAULT 1,
    "recurring_end_type" "RecurringEndType" NOT NULL DEFAULT 'never',
    "recurring_end_date" TIMESTAMPTZ(3),
    "recurring_max_count" INTEGER,
    "recurring_days_of_week" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "recurring_monthly_type" "RecurringMonthlyType",
    "exclude_weekends" BOOLEAN NOT NULL DEFAULT false,
    "exclude_holidays" BOOLEAN NOT NULL DEFAULT false,
    "holiday_calendar" TEXT,
    "recurring_schedule" JSONB,
    "recurrence_source_id" UUID,
    "created_by_id" UUID NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "completed_by_id" UUID,
    "deleted_at" TIMESTAMPTZ(3),
    "deleted_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tasks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_assignments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "task_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "is_lead" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_assignments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "checklist_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "task_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "is_completed" BOOLEAN NOT NULL DEFAULT false,
    "completed_at" TIMESTAMPTZ(3),
    "completed_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "checklist_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "punch_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "punch_in_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "punch_out_at" TIMESTAMPTZ(3),
    "in_source" "PunchSource" NOT NULL DEFAULT 'desktop',
    "in_location" TEXT NOT NULL,
    "in_user_agent" TEXT,
    "in_ip" TEXT,
    "out_source" "PunchSource",
    "out_location" TEXT,
    "out_user_agent" TEXT,
    "out_ip" TEXT,
    "out_reason" TEXT,
    "out_reason_other" TEXT,
    "forced_task_out" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "punch_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "task_time_entries" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "task_id" UUID NOT NULL,
    "punch_session_id" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ended_at" TIMESTAMPTZ(3),
    "source" "PunchSource" NOT NULL DEFAULT 'desktop',
    "location" TEXT,
    "user_agent" TEXT,
    "ended_by_force" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "task_time_entries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "time_edits" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "punch_session_id" UUID NOT NULL,
    "edited_by_id" UUID NOT NULL,
    "reason" TEXT NOT NULL,
    "before" JSONB NOT NULL,
    "after" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "time_edits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_logs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "actor_id" UUID,
    "action" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "metadata" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_logs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beta_issues" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "issue_type" "BetaIssueType" NOT NULL,
    "severity" "BetaIssueSeverity" NOT NULL DEFAULT 'informational',
    "status" "BetaIssueStatus" NOT NULL DEFAULT 'open',
    "reporter_id" UUID NOT NULL,
    "page_url" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "beta_issues_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beta_issue_attachments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "beta_issue_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beta_issue_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_sessions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "title" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "session_id" UUID NOT NULL,
    "role" "ChatRole" NOT NULL,
    "content" TEXT NOT NULL,
    "attachments" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_attachments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "mime_type" TEXT NOT NULL,
    "size_bytes" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "chat_preferences" (
    "user_id" UUID NOT NULL,
    "save_history" BOOLEAN NOT NULL DEFAULT true,
    "allow_analytics" BOOLEAN NOT NULL DEFAULT true,
    "allow_training" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "chat_preferences_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "scopes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_by_id" UUID NOT NULL,
    "last_used_at" TIMESTAMPTZ(3),
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_rules" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "config" JSONB NOT NULL DEFAULT '{}',
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "alert_rules_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alerts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "rule_id" UUID,
    "user_id" UUID,
    "task_id" UUID,
    "severity" "AlertSeverity" NOT NULL DEFAULT 'warning',
    "message" TEXT NOT NULL,
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "counters" (
    "name" TEXT NOT NULL,
    "value" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "counters_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "users_role_is_active_idx" ON "users"("role", "is_active");

-- CreateIndex
CREATE INDEX "users_last_name_first_name_idx" ON "users"("last_name", "first_name");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_revoked_at_idx" ON "auth_sessions"("user_id", "revoked_at");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens"("session_id");

-- CreateIndex
CREATE INDEX "refresh_tokens_user_id_idx" ON "refresh_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "password_reset_tokens_token_hash_key" ON "password_reset_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "password_reset_tokens_user_id_idx" ON "password_reset_tokens"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_code_hash_key" ON "invitations"("code_hash");

-- CreateIndex
CREATE UNIQUE INDEX "invitations_used_by_id_key" ON "invitations"("used_by_id");

-- CreateIndex
CREATE INDEX "invitations_created_by_id_idx" ON "invitations"("created_by_id");

-- CreateIndex
CREATE INDEX "login_attempts_email_ip_created_at_idx" ON "login_attempts"("email", "ip", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "organizational_units_unit_number_key" ON "organizational_units"("unit_number");

-- CreateIndex
CREATE INDEX "organizational_units_parent_id_idx" ON "organizational_units"("parent_id");

-- CreateIndex
CREATE INDEX "unit_memberships_user_id_idx" ON "unit_memberships"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "unit_memberships_unit_id_user_id_key" ON "unit_memberships"("unit_id", "user_id");

-- CreateIndex
CREATE INDEX "vendors_is_active_name_idx" ON "vendors"("is_active", "name");

-- CreateIndex
CREATE INDEX "projects_organizational_unit_id_idx" ON "projects"("organizational_unit_id");

-- CreateIndex
CREATE INDEX "projects_owner_id_idx" ON "projects"("owner_id");

-- CreateIndex
CREATE INDEX "projects_status_idx" ON "projects"("status");

-- CreateIndex
CREATE INDEX "processes_organizational_unit_id_idx" ON "processes"("organizational_unit_id");

-- CreateIndex
CREATE UNIQUE INDEX "process_steps_process_id_position_key" ON "process_steps"("process_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_display_number_key" ON "tasks"("display_number");

-- CreateIndex
CREATE UNIQUE INDEX "tasks_uuid_key" ON "tasks"("uuid");

-- CreateIndex
CREATE INDEX "tasks_organizational_unit_id_status_idx" ON "tasks"("organizational_unit_id", "status");

-- CreateIndex
CREATE INDEX "tasks_assignee_id_status_idx" ON "tasks"("assignee_id", "status");

-- CreateIndex
CREATE INDEX "tasks_vendor_id_idx" ON "tasks"("vendor_id");

-- CreateIndex
CREATE INDEX "tasks_project_id_idx" ON "tasks"("project_id");

-- CreateIndex
CREATE INDEX "tasks_parent_task_id_idx" ON "tasks"("parent_task_id");

-- CreateIndex
CREATE INDEX "tasks_created_by_id_idx" ON "tasks"("created_by_id");

-- CreateIndex
CREATE INDEX "tasks_due_date_idx" ON "tasks"("due_date");

-- CreateIndex
CREATE INDEX "tasks_deleted_at_idx" ON "tasks"("deleted_at");

-- CreateIndex
CREATE INDEX "tasks_recurrence_source_id_idx" ON "tasks"("recurrence_source_id");

-- CreateIndex
CREATE INDEX "task_assignments_user_id_idx" ON "task_assignments"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "task_assignments_task_id_user_id_key" ON "task_assignments"("task_id", "user_id");

-- CreateIndex
CREATE INDEX "checklist_items_task_id_position_idx" ON "checklist_items"("task_id", "position");

-- CreateIndex
CREATE INDEX "punch_sessions_user_id_punch_in_at_idx" ON "punch_sessions"("user_id", "punch_in_at");

-- CreateIndex
CREATE INDEX "punch_sessions_punch_in_at_idx" ON "punch_sessions"("punch_in_at");

-- CreateIndex
CREATE INDEX "task_time_entries_user_id_started_at_idx" ON "task_time_entries"("user_id", "started_at");

-- CreateIndex
CREATE INDEX "task_time_entries_task_id_idx" ON "task_time_entries"("task_id");

-- CreateIndex
CREATE INDEX "task_time_entries_punch_session_id_idx" ON "task_time_entries"("punch_session_id");

-- CreateIndex
CREATE INDEX "time_edits_punch_session_id_idx" ON "time_edits"("punch_session_id");

-- CreateIndex
CREATE INDEX "audit_logs_entity_type_entity_id_created_at_idx" ON "audit_logs"("entity_type", "entity_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_logs_actor_id_created_at_idx" ON "audit_logs"("actor_id", "created_at");

-- CreateIndex
CREATE INDEX "beta_issues_reporter_id_created_at_idx" ON "beta_issues"("reporter_id", "created_at");

-- CreateIndex
CREATE INDEX "beta_issues_status_idx" ON "beta_issues"("status");

-- CreateIndex
CREATE UNIQUE INDEX "beta_issue_attachments_storage_key_key" ON "beta_issue_attachments"("storage_key");

-- CreateIndex
CREATE INDEX "beta_issue_attachments_beta_issue_id_idx" ON "beta_issue_attachments"("beta_issue_id");

-- CreateIndex
CREATE INDEX "chat_sessions_user_id_updated_at_idx" ON "chat_sessions"("user_id", "updated_at");

-- CreateIndex
CREATE INDEX "chat_messages_session_id_created_at_idx" ON "chat_messages"("session_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "chat_attachments_storage_key_key" ON "chat_attachments"("storage_key");

-- CreateIndex
CREATE INDEX "chat_attachments_user_id_idx" ON "chat_attachments"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_key_hash_key" ON "api_keys"("key_hash");

-- CreateIndex
CREATE INDEX "api_keys_created_by_id_idx" ON "api_keys"("created_by_id");

-- CreateIndex
CREATE INDEX "alerts_acknowledged_at_created_at_idx" ON "alerts"("acknowledged_at", "created_at");

-- CreateIndex
CREATE INDEX "alerts_user_id_idx" ON "alerts"("user_id");

-- CreateIndex
CREATE INDEX "alerts_task_id_idx" ON "alerts"("task_id");

-- CreateIndex
CREATE INDEX "alerts_rule_id_idx" ON "alerts"("rule_id");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "auth_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_used_by_id_fkey" FOREIGN KEY ("used_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "organizational_units" ADD CONSTRAINT "organizational_units_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "organizational_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unit_memberships" ADD CONSTRAINT "unit_memberships_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "organizational_units"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "unit_memberships" ADD CONSTRAINT "unit_memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_organizational_unit_id_fkey" FOREIGN KEY ("organizational_unit_id") REFERENCES "organizational_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_fkey" FOREIGN KEY ("owner_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "projects" ADD CONSTRAINT "projects_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "processes" ADD CONSTRAINT "processes_organizational_unit_id_fkey" FOREIGN KEY ("organizational_unit_id") REFERENCES "organizational_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "processes" ADD CONSTRAINT "processes_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_process_id_fkey" FOREIGN KEY ("process_id") REFERENCES "processes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_organizational_unit_id_fkey" FOREIGN KEY ("organizational_unit_id") REFERENCES "organizational_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_organizational_unit_id_fkey" FOREIGN KEY ("organizational_unit_id") REFERENCES "organizational_units"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_fkey" FOREIGN KEY ("assignee_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_vendor_id_fkey" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_task_id_fkey" FOREIGN KEY ("parent_task_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_recurrence_source_id_fkey" FOREIGN KEY ("recurrence_source_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_id_fkey" FOREIGN KEY ("completed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_deleted_by_id_fkey" FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_assignments" ADD CONSTRAINT "task_assignments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checklist_items" ADD CONSTRAINT "checklist_items_completed_by_id_fkey" FOREIGN KEY ("completed_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "punch_sessions" ADD CONSTRAINT "punch_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_punch_session_id_fkey" FOREIGN KEY ("punch_session_id") REFERENCES "punch_sessions"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_edits" ADD CONSTRAINT "time_edits_punch_session_id_fkey" FOREIGN KEY ("punch_session_id") REFERENCES "punch_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "time_edits" ADD CONSTRAINT "time_edits_edited_by_id_fkey" FOREIGN KEY ("edited_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beta_issues" ADD CONSTRAINT "beta_issues_reporter_id_fkey" FOREIGN KEY ("reporter_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "beta_issue_attachments" ADD CONSTRAINT "beta_issue_attachments_beta_issue_id_fkey" FOREIGN KEY ("beta_issue_id") REFERENCES "beta_issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "chat_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_attachments" ADD CONSTRAINT "chat_attachments_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_preferences" ADD CONSTRAINT "chat_preferences_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_rule_id_fkey" FOREIGN KEY ("rule_id") REFERENCES "alert_rules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_acknowledged_by_id_fkey" FOREIGN KEY ("acknowledged_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- ============================================================================
-- SQL-only invariants: rules schema.prisma cannot express. Everything above this
-- line is what `prisma migrate dev` would generate from schema.prisma; everything
-- below is hand-written and declared in prisma/sql-invariants.ts, so the drift
-- test expects these objects (and reports any that are missing).
--
-- Errors the app maps (see prisma/sql-invariants.ts):
--   23505 unique_violation    on the partial unique indexes (Prisma: P2002)
--   23P01 exclusion_violation on punch_sessions_no_overlap
--   23514 check_violation     on the CHECK constraints
--   BF001 time entry outside its punch session     (constraint task_time_entries_inside_punch)
--   BF002 punch closed while a time entry is open  (constraint punch_sessions_no_open_entries_on_close)
-- ============================================================================

-- GiST operator classes for scalar types, so the exclusion constraint can use "user_id WITH =".
CREATE EXTENSION IF NOT EXISTS btree_gist;

-- users: emails are stored lower-cased, so the unique index is case-insensitive.
ALTER TABLE "users" ADD CONSTRAINT "users_email_lowercase" CHECK ("email" = lower("email"));

-- organizational_units: a unit cannot be its own parent (deeper cycles are checked by the app).
ALTER TABLE "organizational_units" ADD CONSTRAINT "organizational_units_not_own_parent" CHECK ("parent_id" <> "id");

-- tasks
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_display_number_positive" CHECK ("display_number" > 0);
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_recurring_interval_positive" CHECK ("recurring_interval" >= 1);
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_recurring_max_count_positive" CHECK ("recurring_max_count" IS NULL OR "recurring_max_count" >= 1);
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_estimated_minutes_nonnegative" CHECK ("estimated_minutes" IS NULL OR "estimated_minutes" >= 0);

-- task_assignments: at most one lead per task.
CREATE UNIQUE INDEX "task_assignments_one_lead_per_task" ON "task_assignments"("task_id") WHERE "is_lead";

-- punch_sessions: at most one open punch per user (created before the exclusion constraint,
-- so a second open punch reports this index, which Prisma maps to P2002) ...
CREATE UNIQUE INDEX "punch_sessions_one_open_per_user" ON "punch_sessions"("user_id") WHERE "punch_out_at" IS NULL;
-- ... a punch never ends before it starts ...
ALTER TABLE "punch_sessions" ADD CONSTRAINT "punch_sessions_out_after_in" CHECK ("punch_out_at" >= "punch_in_at");
-- ... and no two punches of a user overlap (half-open ranges: punching in at the instant of
-- the previous punch-out is allowed; an open punch extends to infinity).
ALTER TABLE "punch_sessions" ADD CONSTRAINT "punch_sessions_no_overlap"
  EXCLUDE USING gist ("user_id" WITH =, tstzrange("punch_in_at", COALESCE("punch_out_at", 'infinity'), '[)') WITH &&);

-- task_time_entries: at most one running task clock per user, never ending before it starts.
CREATE UNIQUE INDEX "task_time_entries_one_open_per_user" ON "task_time_entries"("user_id") WHERE "ended_at" IS NULL;
ALTER TABLE "task_time_entries" ADD CONSTRAINT "task_time_entries_ended_after_started" CHECK ("ended_at" >= "started_at");

-- A time entry lies inside its punch session: same user, starts at or after punch-in and,
-- once the punch is closed, is closed too and ends at or before punch-out.
-- The triggers are DEFERRABLE INITIALLY DEFERRED: they run at COMMIT, so a transaction may
-- close the entry and the punch in either order. Being deferred, a queued event may describe
-- a row version that a later statement changed, so the functions re-read the current rows.
CREATE FUNCTION "check_time_entry_inside_punch"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry "task_time_entries"%ROWTYPE;
  punch "punch_sessions"%ROWTYPE;
BEGIN
  SELECT * INTO entry FROM "task_time_entries" WHERE "id" = NEW."id";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  SELECT * INTO punch FROM "punch_sessions" WHERE "id" = entry."punch_session_id";
  IF punch."user_id" <> entry."user_id"
     OR entry."started_at" < punch."punch_in_at"
     OR (punch."punch_out_at" IS NOT NULL
         AND (entry."ended_at" IS NULL OR entry."ended_at" > punch."punch_out_at")) THEN
    RAISE EXCEPTION USING
      ERRCODE = 'BF001',
      CONSTRAINT = 'task_time_entries_inside_punch',
      TABLE = 'task_time_entries',
      MESSAGE = format('Time entry %s is outside its punch session %s: a time entry must lie inside a punch session of the same user', entry."id", punch."id");
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER "task_time_entries_inside_punch"
  AFTER INSERT OR UPDATE ON "task_time_entries"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "check_time_entry_inside_punch"();

-- The same rule seen from the punch: closing it (or moving its times or user) must keep every
-- entry inside, and in particular a punch cannot be closed while one of its entries runs.
CREATE FUNCTION "check_punch_contains_entries"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  punch "punch_sessions"%ROWTYPE;
  open_entry_id UUID;
  outside_entry_id UUID;
BEGIN
  SELECT * INTO punch FROM "punch_sessions" WHERE "id" = NEW."id";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF punch."punch_out_at" IS NOT NULL THEN
    SELECT "id" INTO open_entry_id FROM "task_time_entries"
      WHERE "punch_session_id" = punch."id" AND "ended_at" IS NULL
      LIMIT 1;
    IF open_entry_id IS NOT NULL THEN
      RAISE EXCEPTION USING
        ERRCODE = 'BF002',
        CONSTRAINT = 'punch_sessions_no_open_entries_on_close',
        TABLE = 'punch_sessions',
        MESSAGE = format('Punch session %s cannot be closed while time entry %s is still running: stop the task clock first', punch."id", open_entry_id);
    END IF;
  END IF;
  SELECT "id" INTO outside_entry_id FROM "task_time_entries"
    WHERE "punch_session_id" = punch."id"
      AND ("user_id" <> punch."user_id"
           OR "started_at" < punch."punch_in_at"
           OR "ended_at" > punch."punch_out_at")
    LIMIT 1;
  IF outside_entry_id IS NOT NULL THEN
    RAISE EXCEPTION USING
      ERRCODE = 'BF001',
      CONSTRAINT = 'task_time_entries_inside_punch',
      TABLE = 'punch_sessions',
      MESSAGE = format('Time entry %s is outside its punch session %s: a time entry must lie inside a punch session of the same user', outside_entry_id, punch."id");
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER "punch_sessions_no_open_entries_on_close"
  AFTER UPDATE OF "user_id", "punch_in_at", "punch_out_at" ON "punch_sessions"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "check_punch_contains_entries"();

-- counters: the gapless task display number. The app runs
--   UPDATE counters SET value = value + 1 WHERE name = 'task_display_number' RETURNING value
-- inside the task-insert transaction; the row lock serialises creators and a rollback gives
-- the number back.
INSERT INTO "counters" ("name", "value") VALUES ('task_display_number', 0);
