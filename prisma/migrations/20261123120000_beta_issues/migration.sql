-- Beta issues (issue 20): triage statuses, captured environment, conversion to a task,
-- the comment thread and the status history.

-- Statuses: open becomes new; triaged and won't fix join. ADD VALUE runs inside the migration's
-- transaction (Postgres 12+); nothing below uses the added values before the commit.
ALTER TYPE "BetaIssueStatus" RENAME VALUE 'open' TO 'new';
ALTER TYPE "BetaIssueStatus" ADD VALUE 'triaged' BEFORE 'in_progress';
ALTER TYPE "BetaIssueStatus" ADD VALUE 'wont_fix' AFTER 'closed';
ALTER TABLE "beta_issues" ALTER COLUMN "status" SET DEFAULT 'new';

-- AlterTable
ALTER TABLE "beta_issues" ADD COLUMN "environment" JSONB NOT NULL DEFAULT '{}',
ADD COLUMN "converted_task_id" UUID;

ALTER TABLE "beta_issue_attachments" ADD COLUMN "position" INTEGER NOT NULL DEFAULT 0;

-- DropIndex
DROP INDEX "beta_issues_status_idx";
DROP INDEX "beta_issue_attachments_beta_issue_id_idx";

-- CreateIndex
CREATE UNIQUE INDEX "beta_issues_converted_task_id_key" ON "beta_issues"("converted_task_id");
CREATE INDEX "beta_issues_status_created_at_idx" ON "beta_issues"("status", "created_at");
CREATE INDEX "beta_issues_created_at_idx" ON "beta_issues"("created_at");
-- Title search (ILIKE '%q%'); pg_trgm was created by 20261122300000_task_search_indexes.
CREATE INDEX "beta_issues_title_idx" ON "beta_issues" USING GIN ("title" gin_trgm_ops);
CREATE INDEX "beta_issue_attachments_beta_issue_id_position_idx" ON "beta_issue_attachments"("beta_issue_id", "position");

-- AddForeignKey
ALTER TABLE "beta_issues" ADD CONSTRAINT "beta_issues_converted_task_id_fkey" FOREIGN KEY ("converted_task_id") REFERENCES "tasks"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- CreateTable
CREATE TABLE "beta_issue_comments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "beta_issue_id" UUID NOT NULL,
    "author_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beta_issue_comments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "beta_issue_status_changes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "beta_issue_id" UUID NOT NULL,
    "actor_id" UUID,
    "from_status" "BetaIssueStatus",
    "to_status" "BetaIssueStatus",
    "from_severity" "BetaIssueSeverity",
    "to_severity" "BetaIssueSeverity",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "beta_issue_status_changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "beta_issue_comments_beta_issue_id_created_at_idx" ON "beta_issue_comments"("beta_issue_id", "created_at");
CREATE INDEX "beta_issue_comments_author_id_idx" ON "beta_issue_comments"("author_id");
CREATE INDEX "beta_issue_status_changes_beta_issue_id_created_at_idx" ON "beta_issue_status_changes"("beta_issue_id", "created_at");
CREATE INDEX "beta_issue_status_changes_actor_id_idx" ON "beta_issue_status_changes"("actor_id");

-- AddForeignKey
ALTER TABLE "beta_issue_comments" ADD CONSTRAINT "beta_issue_comments_beta_issue_id_fkey" FOREIGN KEY ("beta_issue_id") REFERENCES "beta_issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "beta_issue_comments" ADD CONSTRAINT "beta_issue_comments_author_id_fkey" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "beta_issue_status_changes" ADD CONSTRAINT "beta_issue_status_changes_beta_issue_id_fkey" FOREIGN KEY ("beta_issue_id") REFERENCES "beta_issues"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "beta_issue_status_changes" ADD CONSTRAINT "beta_issue_status_changes_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- SQL-only invariants (declared in prisma/sql-invariants.ts)
-- A stored attachment is never larger than the 10MB limit lib/storage enforces while streaming.
ALTER TABLE "beta_issue_attachments" ADD CONSTRAINT "beta_issue_attachments_size_range"
    CHECK ("size_bytes" >= 0 AND "size_bytes" <= 10485760);
-- A comment is never blank.
ALTER TABLE "beta_issue_comments" ADD CONSTRAINT "beta_issue_comments_body_not_blank"
    CHECK (length(btrim("body")) > 0);
