import { route } from "@/lib/http/route";
import * as op from "@/lib/processes/contracts";
import { duplicateProcess } from "@/lib/services/processes/duplicate-process";

export const POST = route(op.duplicateProcess, async ({ caller, params }) => duplicateProcess(caller, String(params.id)));
