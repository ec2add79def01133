-- Punches made on a phone without a signal and sent later (docs/punch.md, "Offline punches").
-- The punch keeps the phone's instant in punch_in_at / punch_out_at and says so: when the server
-- received it (flagged for review on the time card) and the device times themselves.
ALTER TABLE "punch_sessions" ADD COLUMN "recorded_offline_at" TIMESTAMPTZ(3),
  ADD COLUMN "in_device_time" TIMESTAMPTZ(3),
  ADD COLUMN "out_device_time" TIMESTAMPTZ(3);

-- One row per replayed write, keyed by the client's uuid: a retry returns the first answer.
CREATE TABLE "offline_writes" (
    "client_uuid" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "device_time" TIMESTAMPTZ(3) NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "outcome" TEXT NOT NULL,
    "punch_session_id" UUID,
    "correction_request_id" UUID,
    "response_status" INTEGER NOT NULL,
    "response" JSONB NOT NULL,

    CONSTRAINT "offline_writes_pkey" PRIMARY KEY ("client_uuid")
);

CREATE INDEX "offline_writes_user_id_received_at_idx" ON "offline_writes"("user_id", "received_at");
CREATE INDEX "offline_writes_punch_session_id_idx" ON "offline_writes"("punch_session_id");
CREATE INDEX "offline_writes_correction_request_id_idx" ON "offline_writes"("correction_request_id");

ALTER TABLE "offline_writes" ADD CONSTRAINT "offline_writes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "offline_writes" ADD CONSTRAINT "offline_writes_punch_session_id_fkey" FOREIGN KEY ("punch_session_id") REFERENCES "punch_sessions"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "offline_writes" ADD CONSTRAINT "offline_writes_correction_request_id_fkey" FOREIGN KEY ("correction_request_id") REFERENCES "time_correction_requests"("id") ON DELETE SET NULL ON UPDATE CASCADE;
