import { route } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/services/auth/revoke-invitation";

export const DELETE = route(async ({ caller, params }) => revokeInvitation(caller, String(params.id)), { permission: "invitations.manage" });
