import { route } from "@/lib/http/route";
import * as op from "@/lib/clinics/contracts";
import { clinicVendorIdOf } from "@/lib/auth/clinic-caller";
import { fileResponse } from "@/lib/http/file-response";
import { getClinicStatementFile } from "@/lib/services/billing/get-statement-file";

export const GET = route(op.getClinicStatementFile, async ({ caller, params, query }) => {
  const file = await getClinicStatementFile(clinicVendorIdOf(caller), params.id, query.format);
  return fileResponse(file.body, { fileName: file.fileName, contentType: file.contentType });
});
