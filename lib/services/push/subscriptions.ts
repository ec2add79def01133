import "server-only";
import type { z } from "zod";
import type { Caller } from "@/lib/auth/resolve-caller";
import { db } from "@/lib/db";
import { badRequest } from "@/lib/http/app-error";
import type { pushPublicKeySchema, pushSubscriptionSchema, pushUnsubscribedSchema, PushSubscribeInput, PushUnsubscribeInput } from "@/lib/validations/push";
import { pushEndpointProblem } from "./endpoint";
import { getVapidKeys } from "./vapid";

/** A member's devices with push turned on (docs/notifications.md "Push"). */

export async function pushPublicKey(): Promise<z.output<typeof pushPublicKeySchema>> {
  return { publicKey: (await getVapidKeys()).publicKey };
}

/** Saves this device's subscription; the same endpoint again updates it (and moves it to this member). */
export async function subscribePush(caller: Caller, input: PushSubscribeInput): Promise<z.output<typeof pushSubscriptionSchema>> {
  const problem = pushEndpointProblem(input.endpoint);
  if (problem) throw badRequest(problem, { field: "endpoint" });
  const data = { userId: caller.userId, p256dh: input.keys.p256dh, auth: input.keys.auth, deviceLabel: input.deviceLabel ?? "This device" };
  const row = await db.pushSubscription.upsert({ where: { endpoint: input.endpoint }, create: { endpoint: input.endpoint, ...data }, update: data });
  return { id: row.id, deviceLabel: row.deviceLabel, createdAt: row.createdAt.toISOString(), lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null };
}

/** Removes the caller's subscription with this endpoint (another member's is left alone). */
export async function unsubscribePush(caller: Caller, input: PushUnsubscribeInput): Promise<z.output<typeof pushUnsubscribedSchema>> {
  const { count } = await db.pushSubscription.deleteMany({ where: { endpoint: input.endpoint, userId: caller.userId } });
  return { removed: count };
}
