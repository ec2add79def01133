import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { getBillingSettings, updateBillingSettings } from "@/lib/services/billing/billing-settings";

export const GET = route(op.getBillingSettings, ({ caller }) => getBillingSettings(caller));
export const PUT = route(op.updateBillingSettings, ({ caller, body }) => updateBillingSettings(caller, body));
