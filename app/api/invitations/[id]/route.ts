import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/services/auth/revoke-invitation";

export const DELETE = route(op.revokeInvitation, async ({ caller, params }) => revokeInvitation(caller, String(params.id)));
