import { json, route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { createPickupRequest } from "@/lib/services/clinics/create-pickup-request";
import { listPickupRequests } from "@/lib/services/clinics/list-pickup-requests";

export const GET = route(op.listPickupRequests, ({ caller, query }) => listPickupRequests(caller, query));

export const POST = route(op.createPickupRequest, async ({ caller, body }) => json((await createPickupRequest(caller, body)).request, 201));
