import { AppError } from "@/lib/http/app-error";
import { route } from "@/lib/http/route";
import { runJobNow } from "@/lib/jobs/runner";
import { testHooksEnabled } from "@/lib/jobs/test-hooks";
import { runJobBodySchema } from "@/lib/validations/recurrence";

/** Runs a registered job now (Playwright). 404 unless test hooks are enabled; admins only. */
export const POST = route(
  async ({ params, body }) => {
    if (!testHooksEnabled()) throw new AppError("NOT_FOUND", "Not found");
    const input = await body(runJobBodySchema);
    return { job: String(params.name), result: await runJobNow(String(params.name), input) };
  },
  { permission: "jobs.run" },
);
