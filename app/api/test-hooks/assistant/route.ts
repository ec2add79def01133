import { z } from "zod";
import { getAssistantProvider, setAssistantStubForTests } from "@/lib/assistant/provider";
import { AppError } from "@/lib/http/app-error";
import { route } from "@/lib/http/route";
import { testHooksEnabled } from "@/lib/jobs/test-hooks";

/** Only a stub on this machine: the hook can never send a member's words elsewhere. */
const loopback = z
  .string()
  .url()
  .refine((value) => ["127.0.0.1", "localhost", "[::1]"].includes(new URL(value).hostname), "must be a loopback address");

const bodySchema = z.object({ baseUrl: loopback.nullable().optional() }).strict();

/**
 * Playwright (e2e/assistant.spec.ts): point the assistant at a local OpenAI-compatible stub
 * (`baseUrl`), or back at the server's own settings (`null`); without `baseUrl` it only reports
 * the mode. 404 unless test hooks are enabled; admins only.
 */
export const POST = route(
  async ({ body }) => {
    if (!testHooksEnabled()) throw new AppError("NOT_FOUND", "Not found");
    const { baseUrl } = await body(bodySchema);
    if (baseUrl !== undefined) setAssistantStubForTests(baseUrl);
    return { mode: getAssistantProvider() ? "model" : "structured" };
  },
  { permission: "jobs.run" },
);
