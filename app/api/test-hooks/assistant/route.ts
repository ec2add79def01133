import * as op from "@/lib/assistant/contracts";
import { getAssistantProvider, setAssistantStubForTests } from "@/lib/services/assistant/provider";
import { AppError } from "@/lib/http/app-error";
import { JSON_BODY_LIMIT_BYTES, parseWith, readJson } from "@/lib/http/parse";
import { route } from "@/lib/http/route";
import { testHooksEnabled } from "@/lib/jobs/test-hooks";
import { assistantStubHookSchema } from "@/lib/validations/assistant";

/**
 * Playwright (e2e/assistant.spec.ts): point the assistant at a local OpenAI-compatible stub
 * (`baseUrl`), or back at the server's own settings (`null`); without `baseUrl` it only reports
 * the mode. 404 unless test hooks are enabled (checked before the body is read); admins only.
 */
export const POST = route(op.setAssistantStub, async ({ req }) => {
  if (!testHooksEnabled()) throw new AppError("NOT_FOUND", "Not found");
  const { baseUrl } = parseWith(assistantStubHookSchema, await readJson(req, JSON_BODY_LIMIT_BYTES));
  if (baseUrl !== undefined) setAssistantStubForTests(baseUrl);
  return { mode: getAssistantProvider() ? ("model" as const) : ("structured" as const) };
});
