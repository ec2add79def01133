import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { getClinicSelf } from "@/lib/services/clinics/portal";

export const GET = route(op.getClinicSelf, ({ caller }) => getClinicSelf(caller));
