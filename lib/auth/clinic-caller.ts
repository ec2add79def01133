import type { Caller } from "./resolve-caller";
import { forbidden } from "@/lib/http/app-error";

/**
 * The clinic a clinic user acts for (docs/clinics.md): every portal read starts from it, so the
 * portal's operations narrow to the caller's own clinic before any service runs. route() admits
 * only a clinic user to a `clinic.portal` operation; a caller without a clinic is refused here too.
 */
export function clinicVendorIdOf(caller: Pick<Caller, "clinicVendorId">): string {
  if (!caller.clinicVendorId) throw forbidden("Not a clinic user");
  return caller.clinicVendorId;
}
