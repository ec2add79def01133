-- Alerts and accountability (issue 18): rules with scope, severity, recipients and channels;
-- alerts unique per (rule, subject, occurrence) that resolve themselves; the bell's recipients;
-- the e-mail outbox; members' and units' expected start times.

-- AlterTable
ALTER TABLE "alert_rules" ADD COLUMN "severity" "AlertSeverity" NOT NULL DEFAULT 'warning',
ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'everyone',
ADD COLUMN "scope_unit_id" UUID,
ADD COLUMN "scope_user_ids" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN "notify_subject" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN "notify_managers" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "notify_admins" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "notify_user_ids" UUID[] DEFAULT ARRAY[]::UUID[],
ADD COLUMN "channel_in_app" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN "channel_email" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN "last_evaluated_at" TIMESTAMPTZ(3),
ADD COLUMN "last_fired_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "alerts" ADD COLUMN "kind" TEXT NOT NULL DEFAULT '',
ADD COLUMN "subject_type" TEXT NOT NULL DEFAULT '',
ADD COLUMN "subject_id" TEXT NOT NULL DEFAULT '',
ADD COLUMN "occurrence" TEXT NOT NULL DEFAULT '',
ADD COLUMN "unit_id" UUID,
ADD COLUMN "href" TEXT,
ADD COLUMN "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN "resolved_at" TIMESTAMPTZ(3),
ADD COLUMN "snoozed_until" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "alert_recipients" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "alert_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "read_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_recipients_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "alert_emails" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "alert_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "to_email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alert_emails_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "expected_starts" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID,
    "unit_id" UUID,
    "start_minutes" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "expected_starts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alert_rules_is_active_idx" ON "alert_rules"("is_active");
CREATE UNIQUE INDEX "alerts_rule_id_subject_type_subject_id_occurrence_key" ON "alerts"("rule_id", "subject_type", "subject_id", "occurrence");
CREATE INDEX "alerts_resolved_at_severity_created_at_idx" ON "alerts"("resolved_at", "severity", "created_at");
CREATE INDEX "alerts_unit_id_idx" ON "alerts"("unit_id");
DROP INDEX "alerts_rule_id_idx";
CREATE INDEX "alerts_rule_id_resolved_at_idx" ON "alerts"("rule_id", "resolved_at");
CREATE UNIQUE INDEX "alert_recipients_alert_id_user_id_key" ON "alert_recipients"("alert_id", "user_id");
CREATE INDEX "alert_recipients_user_id_read_at_idx" ON "alert_recipients"("user_id", "read_at");
CREATE UNIQUE INDEX "alert_emails_alert_id_user_id_key" ON "alert_emails"("alert_id", "user_id");
CREATE INDEX "alert_emails_status_next_attempt_at_idx" ON "alert_emails"("status", "next_attempt_at");
CREATE UNIQUE INDEX "expected_starts_user_id_key" ON "expected_starts"("user_id");
CREATE UNIQUE INDEX "expected_starts_unit_id_key" ON "expected_starts"("unit_id");

-- AddForeignKey
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_scope_unit_id_fkey" FOREIGN KEY ("scope_unit_id") REFERENCES "organizational_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_alert_id_fkey" FOREIGN KEY ("alert_id") REFERENCES "alerts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "expected_starts" ADD CONSTRAINT "expected_starts_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "expected_starts" ADD CONSTRAINT "expected_starts_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "organizational_units"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- SQL-only invariants (prisma/sql-invariants.ts)
ALTER TABLE "expected_starts" ADD CONSTRAINT "expected_starts_one_owner" CHECK ((user_id IS NULL) <> (unit_id IS NULL));
ALTER TABLE "expected_starts" ADD CONSTRAINT "expected_starts_minutes_range" CHECK (start_minutes >= 0 AND start_minutes < 1440);
