import { json, route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { renewFamilyLink, revokeFamilyLink } from "@/lib/services/cases/family-link";

export const POST = route(op.renewFamilyLink, async ({ caller, params }) => json(await renewFamilyLink(caller, String(params.number)), 201));
export const DELETE = route(op.revokeFamilyLink, async ({ caller, params }) => revokeFamilyLink(caller, String(params.number)));
