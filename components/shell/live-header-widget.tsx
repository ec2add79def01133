"use client";

import { usePunchStatus } from "@/lib/queries/punch";
import { HeaderWidget } from "./header-widget";

/** The header widget fed with the punch status (the same polled query the punch button uses). */
export function LiveHeaderWidget({ timeZone, layout }: { timeZone: string; layout?: "inline" | "stacked" }) {
  const { data } = usePunchStatus();
  const punchedInAt = data?.isPunchedIn ? data.lastPunchIn : null;
  const task = data?.isPunchedIn && data.activeTask ? data.activeTask : null;
  return <HeaderWidget timeZone={timeZone} layout={layout} punchedInAt={punchedInAt} activeTask={task} />;
}
