-- Issue 22: scoped, revocable API keys (docs/api.md).

ALTER TABLE "api_keys"
    ADD COLUMN "previous_key_hash" TEXT,
    ADD COLUMN "previous_key_expires_at" TIMESTAMPTZ(3),
    ADD COLUMN "acting_user_id" UUID,
    ADD COLUMN "rate_limit_per_minute" INTEGER NOT NULL DEFAULT 600,
    ADD COLUMN "last_used_ip" TEXT,
    ADD COLUMN "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- A key made before acting members existed acts as its creator (none were made: the screen was a placeholder).
UPDATE "api_keys" SET "acting_user_id" = "created_by_id" WHERE "acting_user_id" IS NULL;
ALTER TABLE "api_keys" ALTER COLUMN "acting_user_id" SET NOT NULL;

-- CreateTable
CREATE TABLE "api_key_usage_days" (
    "api_key_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "request_count" INTEGER NOT NULL DEFAULT 0,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "window_count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "api_key_usage_days_pkey" PRIMARY KEY ("api_key_id","day")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_prefix_key" ON "api_keys"("prefix");
CREATE INDEX "api_keys_acting_user_id_idx" ON "api_keys"("acting_user_id");
CREATE INDEX "api_keys_created_at_idx" ON "api_keys"("created_at");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_acting_user_id_fkey" FOREIGN KEY ("acting_user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "api_key_usage_days" ADD CONSTRAINT "api_key_usage_days_api_key_id_fkey" FOREIGN KEY ("api_key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
