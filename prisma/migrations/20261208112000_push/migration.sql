-- Push notifications (docs/notifications.md "Push"): the app's VAPID keys, each device's Web Push
-- subscription, a per-kind push choice, and the push outbox written with every notification.
ALTER TABLE "notification_preferences" ADD COLUMN "push" BOOLEAN NOT NULL DEFAULT true;

CREATE TABLE "push_vapid_keys" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "public_key" TEXT NOT NULL,
    "private_key" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "push_vapid_keys_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "push_vapid_keys_one_row" CHECK ("id" = 1)
);

CREATE TABLE "push_subscriptions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "p256dh" TEXT NOT NULL,
    "auth" TEXT NOT NULL,
    "device_label" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_success_at" TIMESTAMPTZ(3),

    CONSTRAINT "push_subscriptions_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions"("endpoint");
CREATE INDEX "push_subscriptions_user_id_idx" ON "push_subscriptions"("user_id");
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "push_messages" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "alert_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_at" TIMESTAMPTZ(3),
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "push_messages_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "push_messages_alert_id_user_id_key" ON "push_messages"("alert_id", "user_id");
CREATE INDEX "push_messages_status_created_at_idx" ON "push_messages"("status", "created_at");
ALTER TABLE "push_messages" ADD CONSTRAINT "push_messages_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The outbox row is written in the same transaction as the bell's row, for members with a device,
-- so every kind of notification (mentions, assignments, comments, alerts, shifts) reaches push
-- and a crash loses none. The push-deliver job checks the member's per-kind choice.
CREATE FUNCTION "push_outbox_on_alert_recipient"() RETURNS TRIGGER AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "push_subscriptions" WHERE "user_id" = NEW."user_id") THEN
    INSERT INTO "push_messages" ("alert_id", "user_id") VALUES (NEW."alert_id", NEW."user_id") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "alert_recipients_push_outbox" AFTER INSERT ON "alert_recipients"
  FOR EACH ROW EXECUTE FUNCTION "push_outbox_on_alert_recipient"();
