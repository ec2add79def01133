import { z } from "zod";
import { dateString } from "./dates";
import { UUID_PATTERN } from "./ids";

/**
 * The fields of a write a phone queued without a signal and replays later (lib/offline; the
 * server's ledger is lib/services/offline/with-replay.ts): the phone's uuid for the write (a retry
 * returns the first answer) and the phone's clock when the person tapped. Both or neither
 * (`offlineBothOrNeither`). Spread into a body schema that can be queued offline.
 */
export const offlineWriteFields = {
  clientUuid: z
    .string({ error: "clientUuid must be a uuid" })
    .regex(UUID_PATTERN, "clientUuid must be a uuid")
    .transform((value) => value.toLowerCase())
    .optional(),
  deviceTime: dateString("deviceTime must be a date and time", { error: "deviceTime must be a date and time" }).optional(),
};

export function offlineBothOrNeither(value: { clientUuid?: string; deviceTime?: Date }, ctx: z.RefinementCtx) {
  if (value.clientUuid && !value.deviceTime) ctx.addIssue({ code: "custom", path: ["deviceTime"], message: "deviceTime is required with clientUuid" });
  if (value.deviceTime && !value.clientUuid) ctx.addIssue({ code: "custom", path: ["clientUuid"], message: "clientUuid is required with deviceTime" });
}
