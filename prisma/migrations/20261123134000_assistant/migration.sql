-- Issue 21: the AI assistant. Action cards on messages, extracted text of attachments, usage counts.
ALTER TABLE "chat_messages" ADD COLUMN "actions" JSONB NOT NULL DEFAULT '[]';

ALTER TABLE "chat_attachments" ADD COLUMN "extracted_text" TEXT;

CREATE TABLE "chat_usage_days" (
    "user_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "messages" INTEGER NOT NULL DEFAULT 0,
    "quick_actions" INTEGER NOT NULL DEFAULT 0,
    "actions_confirmed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "chat_usage_days_pkey" PRIMARY KEY ("user_id","day")
);

ALTER TABLE "chat_usage_days" ADD CONSTRAINT "chat_usage_days_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
