import { route } from "@/lib/http/route";
import { getCurrentUser } from "@/lib/services/auth/get-current-user";
import { updateProfile } from "@/lib/services/auth/update-profile";
import { updateProfileSchema } from "@/lib/validations/auth";

/** The signed-in user (401 when none: the client reads that as "signed out"); for an API key, its acting member. */
export const GET = route(async ({ caller }) => getCurrentUser(caller), { permission: "account.identity" });

/** Own first and last name. */
export const PATCH = route(async ({ caller, body }) => updateProfile(caller, await body(updateProfileSchema)), { permission: "account.self" });
