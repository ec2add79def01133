import { route } from "@/lib/http/route";
import { getPayrollExportSettings, updatePayrollExportSettings } from "@/lib/services/time/payroll-export";
import * as op from "@/lib/time/contracts";

/** The payroll export's remembered options and the layouts. */
export const GET = route(op.getPayrollExportSettings, async () => getPayrollExportSettings());

/** Save the options and the organization's own layouts (audited). */
export const PUT = route(op.updatePayrollExportSettings, async ({ caller, body }) => updatePayrollExportSettings(caller, body));
