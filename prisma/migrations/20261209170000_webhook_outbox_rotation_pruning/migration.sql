-- Rolling a webhook's signing secret keeps the old one signing beside the new one for an overlap
-- window (docs/api.md "The signature"): each request then carries two v1 signatures.
ALTER TABLE "webhook_subscriptions" ADD COLUMN "previous_secret_ciphertext" TEXT;
ALTER TABLE "webhook_subscriptions" ADD COLUMN "previous_secret_expires_at" TIMESTAMPTZ(3);

-- Pruning (docs/jobs.md, the outbox-prune job): events and push messages are found by age.
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");
CREATE INDEX "push_messages_created_at_idx" ON "push_messages"("created_at");

-- Push is queued the moment a notification commits (docs/jobs.md "Woken by the database"): the
-- outbox trigger also NOTIFYs `push_outbox`, delivered at commit (never for a rollback, once per
-- transaction); the job runner LISTENs and sends a push-deliver run. The minute cron stays.
CREATE OR REPLACE FUNCTION "push_outbox_on_alert_recipient"() RETURNS TRIGGER AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "push_subscriptions" WHERE "user_id" = NEW."user_id") THEN
    INSERT INTO "push_messages" ("alert_id", "user_id") VALUES (NEW."alert_id", NEW."user_id") ON CONFLICT DO NOTHING;
    PERFORM pg_notify('push_outbox', '');
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
