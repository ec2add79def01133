import { z } from "zod";
import { route } from "@/lib/http/route";
import { listCorrections } from "@/lib/services/time/corrections";

const query = z.object({ status: z.enum(["pending", "approved", "rejected"], { error: 'status must be "pending", "approved" or "rejected"' }).optional() });

/** Correction requests: pending first, then the latest decided (at most 50). */
export const GET = route(async ({ query: q }) => listCorrections(q(query)), { permission: "time.manage" });
