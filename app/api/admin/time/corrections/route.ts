import { route } from "@/lib/http/route";
import { listCorrections } from "@/lib/services/time/list-corrections";
import * as op from "@/lib/time/contracts";

/** Correction requests: pending first, then the latest decided (at most 50). */
export const GET = route(op.listCorrections, async ({ query }) => listCorrections(query));
