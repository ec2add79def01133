-- One source of truth for volunteers: the member type. The pay type says how a paid member is
-- paid (hourly or salaried) and is NULL exactly for volunteers, who are not paid.
--
-- A member whose pay type was "volunteer" was left out of payroll exports as a volunteer; they
-- become member type volunteer, so the exports keep leaving them out. A member of type volunteer
-- whose pay type said "hourly" or "salaried" keeps the member type (what the business calls them)
-- and loses the pay type.
UPDATE "users" SET "member_type" = 'volunteer' WHERE "pay_type" = 'volunteer';

ALTER TABLE "users" ALTER COLUMN "pay_type" DROP DEFAULT;
ALTER TABLE "users" ALTER COLUMN "pay_type" DROP NOT NULL;
ALTER TYPE "PayType" RENAME TO "PayType_old";
CREATE TYPE "PayType" AS ENUM ('hourly', 'salaried');
ALTER TABLE "users" ALTER COLUMN "pay_type" TYPE "PayType"
  USING (CASE WHEN "member_type" = 'volunteer' THEN NULL ELSE "pay_type"::text::"PayType" END);
ALTER TABLE "users" ALTER COLUMN "pay_type" SET DEFAULT 'hourly';
DROP TYPE "PayType_old";

-- A volunteer has no pay type; everyone else has one.
ALTER TABLE "users" ADD CONSTRAINT "users_pay_type_of_member_type" CHECK ((("member_type" = 'volunteer') = ("pay_type" IS NULL)));
