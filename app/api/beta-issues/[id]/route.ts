import * as op from "@/lib/beta-issues/contracts";
import { route } from "@/lib/http/route";
import { deleteBetaIssue } from "@/lib/services/beta-issues/delete-beta-issue";
import { getBetaIssue } from "@/lib/services/beta-issues/get-beta-issue";
import { updateBetaIssue } from "@/lib/services/beta-issues/update-beta-issue";

/** The reporter and admins; anyone else gets a 404. */
export const GET = route(op.getBetaIssue, async ({ caller, params }) => getBetaIssue(caller, String(params.id)));

/** Triage (admins): status and/or severity. */
export const PATCH = route(op.updateBetaIssue, async ({ caller, params, body }) => updateBetaIssue(caller, String(params.id), body));

/** Admins; the files are deleted after the rows. */
export const DELETE = route(op.deleteBetaIssue, async ({ caller, params }) => deleteBetaIssue(caller, String(params.id)));
