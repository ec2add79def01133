"use client";

import { useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useNow } from "@/components/punch/use-now";
import { keptShiftsFor, readKeptMyShifts, type KeptMyShifts } from "@/lib/offline/kept-my-shifts";
import { CURRENT_USER_KEY, type CurrentUser } from "@/lib/queries/auth";

const noSubscription = () => () => undefined;

/**
 * The shifts kept on this phone (lib/offline/kept-my-shifts.ts), when `wanted` and they are this
 * person's: `userId` when given (the offline start page knows its person from its own record),
 * else the signed-in person of the query cache. docs/schedules.md "Offline".
 */
export function useKeptShifts(wanted: boolean, userId?: string | null): { kept: KeptMyShifts; now: number } | null {
  const queryClient = useQueryClient();
  const record = useSyncExternalStore(noSubscription, readKeptMyShifts, () => null);
  const now = useNow(wanted, 60_000);
  if (!wanted) return null;
  const who = userId !== undefined ? userId : (queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY)?.id ?? null);
  const kept = keptShiftsFor(record, who, now);
  return kept ? { kept, now } : null;
}
