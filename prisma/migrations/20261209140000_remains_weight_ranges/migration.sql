-- The expected range of the remains' weight per species, as a percentage of the intake body weight
-- (docs/cases.md "The remains' weight"). A species with no row uses the "*" row (any other
-- species), else the shipped defaults in lib/cases/remains-weight.ts.
CREATE TABLE "remains_weight_ranges" (
  "species" TEXT NOT NULL,
  "min_percent" DECIMAL(5,2) NOT NULL,
  "max_percent" DECIMAL(5,2) NOT NULL,
  "updated_by_id" UUID,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "remains_weight_ranges_pkey" PRIMARY KEY ("species")
);
ALTER TABLE "remains_weight_ranges" ADD CONSTRAINT "remains_weight_ranges_bounds" CHECK ("min_percent" > 0 AND "min_percent" < "max_percent" AND "max_percent" <= 100);
ALTER TABLE "remains_weight_ranges" ADD CONSTRAINT "remains_weight_ranges_species_key" CHECK ("species" = lower(btrim("species")) AND length("species") BETWEEN 1 AND 60);
