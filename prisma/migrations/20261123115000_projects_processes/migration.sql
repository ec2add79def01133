-- Issue 15: projects (members, colour, archive, soft delete by whom), processes (richer steps,
-- runs started idempotently on a client uuid) and finish-to-start task dependencies.

-- CreateEnum
CREATE TYPE "StepAssigneeKind" AS ENUM ('none', 'member', 'vendor', 'starter');
CREATE TYPE "ProcessRunTarget" AS ENUM ('new_project', 'existing_project', 'parent_task');
CREATE TYPE "TaskDependencyType" AS ENUM ('finish_to_start');

-- Projects
ALTER TABLE "projects" ADD COLUMN "color" TEXT,
    ADD COLUMN "archived_at" TIMESTAMPTZ(3),
    ADD COLUMN "deleted_by_id" UUID;
CREATE INDEX "projects_deleted_at_archived_at_name_idx" ON "projects"("deleted_at", "archived_at", "name");
ALTER TABLE "projects" ADD CONSTRAINT "projects_deleted_by_id_fkey" FOREIGN KEY ("deleted_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "projects" ADD CONSTRAINT "projects_color_hex" CHECK ("color" IS NULL OR "color" ~ '^#[0-9a-f]{6}$');

CREATE TABLE "project_members" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "project_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "project_members_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "project_members_project_id_user_id_key" ON "project_members"("project_id", "user_id");
CREATE INDEX "project_members_user_id_idx" ON "project_members"("user_id");
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "project_members" ADD CONSTRAINT "project_members_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Processes and their steps
CREATE INDEX "processes_is_active_name_idx" ON "processes"("is_active", "name");

ALTER TABLE "process_steps" DROP COLUMN "duration_minutes",
    ADD COLUMN "duration_days" INTEGER NOT NULL DEFAULT 1,
    ADD COLUMN "assignee_kind" "StepAssigneeKind" NOT NULL DEFAULT 'none',
    ADD COLUMN "vendor_id" UUID,
    ADD COLUMN "checklist" TEXT[] DEFAULT ARRAY[]::TEXT[],
    ADD COLUMN "depends_on" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    ADD COLUMN "available_for_pickup" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_vendor_id_fkey" FOREIGN KEY ("vendor_id") REFERENCES "vendors"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_position_positive" CHECK ("position" >= 1);
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_offset_nonnegative" CHECK ("offset_days" >= 0);
ALTER TABLE "process_steps" ADD CONSTRAINT "process_steps_duration_positive" CHECK ("duration_days" >= 1);

-- Runs
CREATE TABLE "process_runs" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "process_id" UUID NOT NULL,
    "uuid" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "start_date" DATE NOT NULL,
    "target" "ProcessRunTarget" NOT NULL,
    "project_id" UUID,
    "parent_task_id" UUID,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "process_runs_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "process_runs_uuid_key" ON "process_runs"("uuid");
CREATE UNIQUE INDEX "process_runs_parent_task_id_key" ON "process_runs"("parent_task_id");
CREATE INDEX "process_runs_process_id_created_at_idx" ON "process_runs"("process_id", "created_at");
CREATE INDEX "process_runs_project_id_idx" ON "process_runs"("project_id");
ALTER TABLE "process_runs" ADD CONSTRAINT "process_runs_process_id_fkey" FOREIGN KEY ("process_id") REFERENCES "processes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "process_runs" ADD CONSTRAINT "process_runs_project_id_fkey" FOREIGN KEY ("project_id") REFERENCES "projects"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "process_runs" ADD CONSTRAINT "process_runs_parent_task_id_fkey" FOREIGN KEY ("parent_task_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "process_runs" ADD CONSTRAINT "process_runs_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

ALTER TABLE "tasks" ADD COLUMN "process_run_id" UUID,
    ADD COLUMN "process_step_position" INTEGER;
CREATE INDEX "tasks_process_run_id_idx" ON "tasks"("process_run_id");
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_process_run_id_fkey" FOREIGN KEY ("process_run_id") REFERENCES "process_runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Task dependencies (finish-to-start). Cycles are refused by the service under an advisory lock;
-- a task waiting for itself is refused here too.
CREATE TABLE "task_dependencies" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "task_id" UUID NOT NULL,
    "depends_on_task_id" UUID NOT NULL,
    "type" "TaskDependencyType" NOT NULL DEFAULT 'finish_to_start',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "task_dependencies_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "task_dependencies_not_self" CHECK ("task_id" <> "depends_on_task_id")
);
CREATE UNIQUE INDEX "task_dependencies_task_id_depends_on_task_id_key" ON "task_dependencies"("task_id", "depends_on_task_id");
CREATE INDEX "task_dependencies_depends_on_task_id_idx" ON "task_dependencies"("depends_on_task_id");
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_task_id_fkey" FOREIGN KEY ("task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "task_dependencies" ADD CONSTRAINT "task_dependencies_depends_on_task_id_fkey" FOREIGN KEY ("depends_on_task_id") REFERENCES "tasks"("id") ON DELETE CASCADE ON UPDATE CASCADE;
