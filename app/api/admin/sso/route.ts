import * as op from "@/lib/sso/contracts";
import { json, route } from "@/lib/http/route";
import { getSsoSettings, updateSsoSettings } from "@/lib/services/auth/sso/settings";

export const GET = route(op.getSsoSettings, async () => getSsoSettings());

/** The client secret is sealed at rest and never answered. */
export const PUT = route(op.updateSsoSettings, async ({ caller, body }) => json(await updateSsoSettings(caller, body), 200, { "Cache-Control": "no-store" }));
