import * as op from "@/lib/beta-issues/contracts";
import { json, route } from "@/lib/http/route";
import { convertBetaIssue } from "@/lib/services/beta-issues/convert-beta-issue";

/** Admins: one click turns the issue into a prefilled task that links back (201 with the issue). */
export const POST = route(op.convertBetaIssue, async ({ caller, params, body }) => json(await convertBetaIssue(caller, String(params.id), body), 201));
