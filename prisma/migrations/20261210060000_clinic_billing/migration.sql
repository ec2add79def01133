-- Clinic billing (docs/billing.md): effective-dated price lists (the
-- standard one and clinics' own), memorial products with stock, sales tax settings, charges on
-- cases, payments recorded by hand, and monthly statements frozen when issued.
CREATE TYPE "PriceItemKind" AS ENUM ('service', 'option', 'product');
CREATE TYPE "TaxCategory" AS ENUM ('service', 'option', 'merchandise');
CREATE TYPE "CaseChargeKind" AS ENUM ('service', 'option', 'product', 'adjustment');

CREATE TABLE "price_list_versions" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "clinic_vendor_id" UUID,
    "effective_from" DATE NOT NULL,
    "note" TEXT,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "price_list_versions_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "price_list_versions_clinic_vendor_id_effective_from_idx" ON "price_list_versions"("clinic_vendor_id", "effective_from");
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "price_list_versions" ADD CONSTRAINT "price_list_versions_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- One version per list and day: the standard list (no clinic) and each clinic's own.
CREATE UNIQUE INDEX "price_list_versions_one_per_day_standard" ON "price_list_versions"("effective_from") WHERE "clinic_vendor_id" IS NULL;
CREATE UNIQUE INDEX "price_list_versions_one_per_day_clinic" ON "price_list_versions"("clinic_vendor_id", "effective_from") WHERE "clinic_vendor_id" IS NOT NULL;

CREATE TABLE "memorial_products" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "stock" INTEGER NOT NULL DEFAULT 0,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "memorial_products_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "memorial_products_name_key" ON "memorial_products"("name");
ALTER TABLE "memorial_products" ADD CONSTRAINT "memorial_products_stock_not_negative" CHECK ("stock" >= 0);
ALTER TABLE "memorial_products" ADD CONSTRAINT "memorial_products_category" CHECK ("category" IN ('urn', 'keepsake'));

CREATE TABLE "price_items" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "version_id" UUID NOT NULL,
    "kind" "PriceItemKind" NOT NULL,
    "service_type" "CaseServiceType",
    "min_lbs" INTEGER,
    "max_lbs" INTEGER,
    "option_code" TEXT,
    "product_id" UUID,
    "price_cents" INTEGER NOT NULL,
    CONSTRAINT "price_items_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "price_items_version_id_idx" ON "price_items"("version_id");
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_version_id_fkey" FOREIGN KEY ("version_id") REFERENCES "price_list_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "memorial_products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_price_not_negative" CHECK ("price_cents" >= 0);
-- Each kind carries exactly its own fields.
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_kind_fields" CHECK (
  ("kind" = 'service' AND "service_type" IS NOT NULL AND "min_lbs" IS NOT NULL AND "min_lbs" >= 0 AND ("max_lbs" IS NULL OR "max_lbs" >= "min_lbs") AND "option_code" IS NULL AND "product_id" IS NULL)
  OR ("kind" = 'option' AND "option_code" IS NOT NULL AND "service_type" IS NULL AND "min_lbs" IS NULL AND "max_lbs" IS NULL AND "product_id" IS NULL)
  OR ("kind" = 'product' AND "product_id" IS NOT NULL AND "service_type" IS NULL AND "min_lbs" IS NULL AND "max_lbs" IS NULL AND "option_code" IS NULL)
);
-- The weight brackets of one service in one version never overlap (whole pounds, both ends included).
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_no_overlapping_brackets"
  EXCLUDE USING gist ("version_id" WITH =, "service_type" WITH =, int4range("min_lbs", "max_lbs", '[]') WITH &&) WHERE ("kind" = 'service');
CREATE UNIQUE INDEX "price_items_one_option" ON "price_items"("version_id", "option_code") WHERE "kind" = 'option';
CREATE UNIQUE INDEX "price_items_one_product" ON "price_items"("version_id", "product_id") WHERE "kind" = 'product';

CREATE TABLE "billing_settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "sales_tax_enabled" BOOLEAN NOT NULL DEFAULT false,
    "service_tax_rate" INTEGER NOT NULL DEFAULT 0,
    "option_tax_rate" INTEGER NOT NULL DEFAULT 0,
    "merchandise_tax_rate" INTEGER NOT NULL DEFAULT 0,
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_settings_pkey" PRIMARY KEY ("id")
);
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_rates" CHECK (
  "service_tax_rate" BETWEEN 0 AND 100000 AND "option_tax_rate" BETWEEN 0 AND 100000 AND "merchandise_tax_rate" BETWEEN 0 AND 100000
);

CREATE TABLE "statements" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "number" TEXT NOT NULL,
    "clinic_vendor_id" UUID NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "clinic_name" TEXT NOT NULL,
    "billing_email" TEXT,
    "previous_balance_cents" INTEGER NOT NULL,
    "charges_cents" INTEGER NOT NULL,
    "tax_cents" INTEGER NOT NULL,
    "payments_cents" INTEGER NOT NULL,
    "balance_cents" INTEGER NOT NULL,
    "issued_at" TIMESTAMPTZ(3) NOT NULL,
    "issued_by_id" UUID NOT NULL,
    CONSTRAINT "statements_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "statements_number_key" ON "statements"("number");
CREATE UNIQUE INDEX "statements_clinic_vendor_id_period_start_key" ON "statements"("clinic_vendor_id", "period_start");
CREATE INDEX "statements_period_start_idx" ON "statements"("period_start");
ALTER TABLE "statements" ADD CONSTRAINT "statements_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "statements" ADD CONSTRAINT "statements_issued_by_id_fkey" FOREIGN KEY ("issued_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "statements" ADD CONSTRAINT "statements_balance_adds_up" CHECK ("balance_cents" = "previous_balance_cents" + "charges_cents" + "tax_cents" - "payments_cents");

CREATE TABLE "statement_lines" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "statement_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "case_number" TEXT,
    "pet_name" TEXT,
    "description" TEXT NOT NULL,
    "category" "TaxCategory",
    "amount_cents" INTEGER NOT NULL,
    "tax_cents" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "statement_lines_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "statement_lines_statement_id_position_key" ON "statement_lines"("statement_id", "position");
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_kind" CHECK ("kind" IN ('charge', 'payment') AND ("kind" = 'charge') = ("category" IS NOT NULL));

CREATE TABLE "case_charges" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "case_id" UUID NOT NULL,
    "kind" "CaseChargeKind" NOT NULL,
    "description" TEXT NOT NULL,
    "tax_category" "TaxCategory" NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "tax_cents" INTEGER NOT NULL DEFAULT 0,
    "price_item_id" UUID,
    "product_id" UUID,
    "reason" TEXT,
    "statement_id" UUID,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "case_charges_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "case_charges_case_id_created_at_idx" ON "case_charges"("case_id", "created_at");
CREATE INDEX "case_charges_statement_id_idx" ON "case_charges"("statement_id");
ALTER TABLE "case_charges" ADD CONSTRAINT "case_charges_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_charges" ADD CONSTRAINT "case_charges_product_id_fkey" FOREIGN KEY ("product_id") REFERENCES "memorial_products"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_charges" ADD CONSTRAINT "case_charges_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_charges" ADD CONSTRAINT "case_charges_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- Only an adjustment may be a credit, and it always says why.
ALTER TABLE "case_charges" ADD CONSTRAINT "case_charges_adjustment_reason" CHECK ((("kind" = 'adjustment') = ("reason" IS NOT NULL)) AND ("kind" = 'adjustment' OR ("amount_cents" >= 0 AND "tax_cents" >= 0)));

CREATE TABLE "billing_payments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "clinic_vendor_id" UUID,
    "case_id" UUID,
    "amount_cents" INTEGER NOT NULL,
    "method" TEXT NOT NULL,
    "reference" TEXT NOT NULL,
    "received_on" DATE NOT NULL,
    "statement_id" UUID,
    "recorded_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "billing_payments_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "billing_payments_clinic_vendor_id_received_on_idx" ON "billing_payments"("clinic_vendor_id", "received_on");
CREATE INDEX "billing_payments_case_id_idx" ON "billing_payments"("case_id");
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_clinic_vendor_id_fkey" FOREIGN KEY ("clinic_vendor_id") REFERENCES "vendors"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_recorded_by_id_fkey" FOREIGN KEY ("recorded_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
-- From a clinic or for a case, never both; always a positive amount.
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_payer" CHECK (num_nonnulls("clinic_vendor_id", "case_id") = 1 AND "amount_cents" > 0);

CREATE TABLE "statement_emails" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "statement_id" UUID NOT NULL,
    "to_email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "statement_emails_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "statement_emails_statement_id_key" ON "statement_emails"("statement_id");
CREATE INDEX "statement_emails_status_next_attempt_at_idx" ON "statement_emails"("status", "next_attempt_at");
ALTER TABLE "statement_emails" ADD CONSTRAINT "statement_emails_statement_id_fkey" FOREIGN KEY ("statement_id") REFERENCES "statements"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- An issued statement is frozen: no UPDATE or DELETE of it or its lines, and no line added after
-- the transaction that issued it.
CREATE FUNCTION refuse_statement_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'statement_frozen: an issued statement never changes (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'BF060';
END;
$$;
CREATE TRIGGER "statements_frozen" BEFORE UPDATE OR DELETE ON "statements" FOR EACH ROW EXECUTE FUNCTION refuse_statement_change();
CREATE TRIGGER "statement_lines_frozen" BEFORE UPDATE OR DELETE ON "statement_lines" FOR EACH ROW EXECUTE FUNCTION refuse_statement_change();
CREATE FUNCTION check_statement_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "statements" WHERE "id" = NEW."statement_id" AND xmin = pg_current_xact_id()::xid) THEN
    RAISE EXCEPTION 'statement_frozen: lines are written only with their statement' USING ERRCODE = 'BF060';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "statement_lines_with_statement" BEFORE INSERT ON "statement_lines" FOR EACH ROW EXECUTE FUNCTION check_statement_line_insert();

-- A charge or payment is written once; the only later change is the statement that carries it,
-- set once. After that the database refuses any change.
CREATE FUNCTION check_billed_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'billed_row_frozen: % rows are never deleted', TG_TABLE_NAME USING ERRCODE = 'BF060';
  END IF;
  IF OLD."statement_id" IS NOT NULL OR NEW."statement_id" IS NULL
     OR (to_jsonb(NEW) - 'statement_id') IS DISTINCT FROM (to_jsonb(OLD) - 'statement_id') THEN
    RAISE EXCEPTION 'billed_row_frozen: a % row only gains its statement, once', TG_TABLE_NAME USING ERRCODE = 'BF060';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER "case_charges_frozen" BEFORE UPDATE OR DELETE ON "case_charges" FOR EACH ROW EXECUTE FUNCTION check_billed_row_change();
CREATE TRIGGER "billing_payments_frozen" BEFORE UPDATE OR DELETE ON "billing_payments" FOR EACH ROW EXECUTE FUNCTION check_billed_row_change();

INSERT INTO "billing_settings" ("id") VALUES (1);
