-- Pay rates (docs/time.md "Pay rates and labour cost"): effective-dated, integer cents, per member,
-- optionally per role label or department. One rate per member, key and day.
CREATE TYPE "PayRateKind" AS ENUM ('hourly', 'salaried');

CREATE TABLE "pay_rates" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "user_id" UUID NOT NULL,
    "kind" "PayRateKind" NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "role_label" TEXT,
    "unit_id" UUID,
    "effective_from" DATE NOT NULL,
    "note" TEXT,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "pay_rates_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "pay_rates_amount_not_negative" CHECK ("amount_cents" >= 0),
    CONSTRAINT "pay_rates_one_key" CHECK ("role_label" IS NULL OR "unit_id" IS NULL)
);
CREATE INDEX "pay_rates_user_id_effective_from_idx" ON "pay_rates"("user_id", "effective_from");
-- One rate per member, key (role label or department, or neither) and effective day.
CREATE UNIQUE INDEX "pay_rates_one_per_key_and_day" ON "pay_rates" ("user_id", (COALESCE("role_label", '')), (COALESCE("unit_id", '00000000-0000-0000-0000-000000000000'::uuid)), "effective_from");
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_unit_id_fkey" FOREIGN KEY ("unit_id") REFERENCES "organizational_units"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "pay_rates" ADD CONSTRAINT "pay_rates_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
