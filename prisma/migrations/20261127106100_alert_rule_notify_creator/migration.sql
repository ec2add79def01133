-- An alert rule can notify its creator too. The API and the rule form default it to on for new
-- rules; the rules that exist keep the recipients they were saved with (off) until someone ticks it.
ALTER TABLE "alert_rules" ADD COLUMN "notify_creator" BOOLEAN NOT NULL DEFAULT false;
