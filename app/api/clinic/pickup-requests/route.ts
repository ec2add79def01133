import { json, route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { createPickupRequest } from "@/lib/services/clinics/create-pickup-request";
import { listPickupRequests } from "@/lib/services/clinics/list-pickup-requests";

/** Only the caller's clinic's requests (listPickupRequests narrows a clinic user to its clinic). */
export const GET = route(op.listClinicPickupRequests, ({ caller, query }) => listPickupRequests(caller, query));

export const POST = route(op.createClinicPickupRequest, async ({ caller, body }) => json((await createPickupRequest(caller, body)).request, 201));
