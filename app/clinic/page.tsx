import type { Metadata } from "next";
import { ClinicPortal } from "@/components/clinic/clinic-portal";
import { requireClinicPage } from "@/lib/auth/page-guards";
import { getClinicSelf, listClinicCases } from "@/lib/services/clinics/portal";
import { listPickupRequests } from "@/lib/services/clinics/list-pickup-requests";
import { listClinicStatements } from "@/lib/services/billing/list-clinic-statements";
import { clinicVendorIdOf } from "@/lib/auth/clinic-caller";

export const metadata: Metadata = { title: "Clinic portal" };

/**
 * The clinic portal (docs/clinics.md "The portal"), phone-first: request a pickup and print its
 * tag, the clinic's pickups and cases in the family page's words, certificates, monthly statements. A clinic user
 * only (requireClinicPage; the proxy sends members away too); every read is narrowed to the
 * caller's clinic by the same services the API uses.
 */
export default async function ClinicPage() {
  const caller = await requireClinicPage();
  const [self, cases, pickups, statements] = await Promise.all([
    getClinicSelf(caller),
    listClinicCases(caller, 100),
    listPickupRequests(caller, { status: "all", limit: 100 }),
    listClinicStatements(clinicVendorIdOf(caller)),
  ]);
  return (
    <ClinicPortal
      self={JSON.parse(JSON.stringify(self))}
      initialCases={JSON.parse(JSON.stringify(cases.items))}
      initialPickups={JSON.parse(JSON.stringify(pickups.items))}
      initialStatements={JSON.parse(JSON.stringify(statements.statements))}
    />
  );
}
