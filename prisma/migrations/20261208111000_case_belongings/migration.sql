-- A case's personal belongings and their check-off at packaged and returned (docs/cases.md "Belongings").
CREATE TABLE "case_belongings" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "case_id" UUID NOT NULL,
    "description" TEXT NOT NULL,
    "photo_key" TEXT,
    "disposition" TEXT NOT NULL,
    "packaged_at" TIMESTAMPTZ(3),
    "packaged_by_id" UUID,
    "returned_at" TIMESTAMPTZ(3),
    "returned_by_id" UUID,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "case_belongings_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "case_belongings_disposition" CHECK ("disposition" IN ('return', 'cremate', 'dispose')),
    CONSTRAINT "case_belongings_description" CHECK (length(btrim("description")) BETWEEN 1 AND 200),
    CONSTRAINT "case_belongings_packaged_by" CHECK (("packaged_at" IS NULL) = ("packaged_by_id" IS NULL)),
    CONSTRAINT "case_belongings_returned_by" CHECK (("returned_at" IS NULL) = ("returned_by_id" IS NULL))
);

CREATE INDEX "case_belongings_case_id_created_at_idx" ON "case_belongings"("case_id", "created_at");

ALTER TABLE "case_belongings" ADD CONSTRAINT "case_belongings_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "cases"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_belongings" ADD CONSTRAINT "case_belongings_packaged_by_id_fkey" FOREIGN KEY ("packaged_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_belongings" ADD CONSTRAINT "case_belongings_returned_by_id_fkey" FOREIGN KEY ("returned_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
ALTER TABLE "case_belongings" ADD CONSTRAINT "case_belongings_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
