-- Scoreboard and statistics (issue 19): the scoreboard's settings (one row), and the indexes
-- the statistics reads range over (completions, creations, claims, task time by date).

-- CreateTable
CREATE TABLE "scoreboard_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "weight_low" INTEGER NOT NULL DEFAULT 1,
    "weight_normal" INTEGER NOT NULL DEFAULT 2,
    "weight_high" INTEGER NOT NULL DEFAULT 3,
    "weight_critical" INTEGER NOT NULL DEFAULT 5,
    "on_time_bonus_percent" INTEGER NOT NULL DEFAULT 50,
    "late_percent" INTEGER NOT NULL DEFAULT 50,
    "pickup_bonus" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "checklist_item_points" DOUBLE PRECISION NOT NULL DEFAULT 0.25,
    "checklist_max_points" DOUBLE PRECISION NOT NULL DEFAULT 1,
    "lead_share_percent" INTEGER NOT NULL DEFAULT 40,
    "quick_complete_minutes" INTEGER NOT NULL DEFAULT 10,
    "staff_see_names" BOOLEAN NOT NULL DEFAULT true,
    "exclude_contractors" BOOLEAN NOT NULL DEFAULT true,
    "exclude_volunteers" BOOLEAN NOT NULL DEFAULT true,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "scoreboard_settings_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "tasks_completed_at_idx" ON "tasks"("completed_at");
CREATE INDEX "tasks_created_at_idx" ON "tasks"("created_at");
-- Covering (INCLUDE): the hours panel sums a quarter's entries (~100k rows at 1M) from the index alone.
CREATE INDEX "task_time_entries_started_at_idx" ON "task_time_entries"("started_at") INCLUDE ("user_id", "ended_at");
CREATE INDEX "audit_logs_action_created_at_idx" ON "audit_logs"("action", "created_at");
