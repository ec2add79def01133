import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { listClinicCases } from "@/lib/services/clinics/portal";

export const GET = route(op.listClinicCases, ({ caller, query }) => listClinicCases(caller, query.limit));
