import { route } from "@/lib/http/route";
import { getPayrollProviderSettings } from "@/lib/services/time/get-payroll-provider-settings";
import { updatePayrollProviderSettings } from "@/lib/services/time/update-payroll-provider-settings";
import * as op from "@/lib/time/contracts";

/** The provider layouts' settings: QuickBooks (company, employee names, payroll items) and ADP (codes, column titles). */
export const GET = route(op.getPayrollProviderSettings, async () => getPayrollProviderSettings());

/** Save them (audited); the export's options and layouts stay. */
export const PUT = route(op.updatePayrollProviderSettings, async ({ caller, body }) => updatePayrollProviderSettings(caller, body));
