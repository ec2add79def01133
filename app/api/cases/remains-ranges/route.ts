import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getRemainsRanges, saveRemainsRanges } from "@/lib/services/cases/remains-weight";

export const GET = route(op.getRemainsRanges, async () => getRemainsRanges());
export const PUT = route(op.saveRemainsRanges, async ({ caller, body }) => saveRemainsRanges(caller, body));
