-- The cremated remains' weight, recorded at the processing scan (docs/cases.md "The remains' weight").
ALTER TABLE "cases" ADD COLUMN "remains_weight_lbs" DECIMAL(6,2);
ALTER TABLE "cases" ADD CONSTRAINT "cases_remains_weight_positive" CHECK ("remains_weight_lbs" IS NULL OR "remains_weight_lbs" > 0);
