import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { getCurrentUser } from "@/lib/services/auth/get-current-user";
import { updateProfile } from "@/lib/services/auth/update-profile";

/** The signed-in user (401 when none: the client reads that as "signed out"); for an API key, its acting member. */
export const GET = route(op.getCurrentUser, async ({ caller }) => getCurrentUser(caller));

/** Own first and last name. */
export const PATCH = route(op.updateProfile, async ({ caller, body }) => updateProfile(caller, body));
