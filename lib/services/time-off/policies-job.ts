import "server-only";
import { defineJob } from "@/lib/jobs/types";
import { runTimeOffPolicies } from "./policies";

/**
 * The time-off policies, daily and at start (docs/schedules.md "Policies"): the year's grants and
 * carry-over caps, and the accrual of every locked pay period that has none yet. Idempotent by
 * the ledger's unique (member, type, kind, period) key; the period lock runs the accrual too.
 */
export const timeOffPoliciesJob = defineJob({
  name: "time-off-policies",
  cron: "20 2 * * *",
  runAtStart: true,
  run: () => runTimeOffPolicies(),
});
