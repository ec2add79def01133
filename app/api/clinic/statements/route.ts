import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { clinicVendorIdOf } from "@/lib/auth/clinic-caller";
import { listClinicStatements } from "@/lib/services/billing/list-clinic-statements";

export const GET = route(op.listClinicStatements, ({ caller }) => listClinicStatements(clinicVendorIdOf(caller)));
