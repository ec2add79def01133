import { json, route } from "@/lib/http/route";
import { createInvitation } from "@/lib/services/auth/create-invitation";
import { listInvitations } from "@/lib/services/auth/list-invitations";
import { createInvitationSchema, listInvitationsQuerySchema } from "@/lib/validations/auth";

export const GET = route(async ({ query }) => listInvitations(query(listInvitationsQuerySchema)), { permission: "invitations.manage" });

/** Returns the code this once; only its hash is stored. */
export const POST = route(
  async ({ caller, body }) => json(await createInvitation(caller, await body(createInvitationSchema)), 201, { "Cache-Control": "no-store" }),
  { permission: "invitations.manage" },
);
