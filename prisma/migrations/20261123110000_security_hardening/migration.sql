-- Issue 10 (security hardening).

-- The per-account sign-in limit counts an account's failures from every address.
-- CreateIndex
CREATE INDEX "login_attempts_email_created_at_idx" ON "login_attempts"("email", "created_at");

-- Rate limits other than sign-in (password-reset requests per email and per address).
-- CreateTable
CREATE TABLE "rate_limit_events" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "bucket" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "rate_limit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "rate_limit_events_bucket_key_created_at_idx" ON "rate_limit_events"("bucket", "key", "created_at");

-- Signed QR punch posts: the key version a printed code was signed with.
-- CreateTable
CREATE TABLE "punch_stations" (
    "location" TEXT NOT NULL,
    "key_version" INTEGER NOT NULL DEFAULT 1,
    "rotated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "punch_stations_pkey" PRIMARY KEY ("location")
);
