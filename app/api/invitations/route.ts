import * as op from "@/lib/auth/contracts";
import { json, route } from "@/lib/http/route";
import { createInvitation } from "@/lib/services/auth/create-invitation";
import { listInvitations } from "@/lib/services/auth/list-invitations";

export const GET = route(op.listInvitations, async ({ query }) => listInvitations(query));

/** Returns the code this once; only its hash is stored. */
export const POST = route(op.createInvitation, async ({ caller, body }) => json(await createInvitation(caller, body), 201, { "Cache-Control": "no-store" }));
