import { json, route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { createClinicInvitation } from "@/lib/services/clinics/clinic-invitations";

export const POST = route(op.createClinicInvitation, async ({ caller, params, body }) => json(await createClinicInvitation(caller, params.id, body), 201));
