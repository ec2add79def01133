import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { listClinicUsers } from "@/lib/services/clinics/clinic-invitations";

export const GET = route(op.listClinicUsers, ({ params }) => listClinicUsers(params.id));
