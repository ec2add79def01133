-- The hourly notification digest: one e-mail per member and hour, batching the outbox rows
-- (alert_emails with status 'digest') of the members who chose the digest for that kind.

-- CreateTable
CREATE TABLE "notification_digests" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "to_email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_digests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "notification_digests_user_id_hour_key" ON "notification_digests"("user_id", "hour");
CREATE INDEX "notification_digests_status_next_attempt_at_idx" ON "notification_digests"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AlterTable
ALTER TABLE "alert_emails" ADD COLUMN "digest_id" UUID;

-- CreateIndex
CREATE INDEX "alert_emails_digest_id_idx" ON "alert_emails"("digest_id");

-- AddForeignKey
ALTER TABLE "alert_emails" ADD CONSTRAINT "alert_emails_digest_id_fkey" FOREIGN KEY ("digest_id") REFERENCES "notification_digests"("id") ON DELETE SET NULL ON UPDATE CASCADE;
