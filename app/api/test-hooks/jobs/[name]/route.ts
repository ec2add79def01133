import { AppError } from "@/lib/http/app-error";
import { parseWith, readJson } from "@/lib/http/parse";
import { route } from "@/lib/http/route";
import { runJobNow } from "@/lib/jobs/runner";
import { testHooksEnabled } from "@/lib/jobs/test-hooks";
import * as op from "@/lib/system/contracts";
import { runJobBodySchema } from "@/lib/validations/recurrence";

/** Runs a registered job now (Playwright). 404 unless test hooks are enabled (checked before the body is read); admins only. */
export const POST = route(op.runJob, async ({ req, params }) => {
  if (!testHooksEnabled()) throw new AppError("NOT_FOUND", "Not found");
  const input = parseWith(runJobBodySchema, await readJson(req));
  return { job: String(params.name), result: await runJobNow(String(params.name), input) };
});
