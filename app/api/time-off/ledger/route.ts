import { json, route } from "@/lib/http/route";
import { addLedgerEntry } from "@/lib/services/time-off/ledger";
import * as op from "@/lib/time-off/contracts";

export const POST = route(op.addTimeOffLedgerEntry, async ({ caller, body }) => json(await addLedgerEntry(caller, body), 201));
