"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import { usePunchStatus } from "@/lib/queries/punch";

/** The widget's room while its code loads: it renders nothing on the server anyway (the clock is the browser's). */
const Room = () => <span className="inline-block h-8 w-28" aria-hidden="true" />;
const HeaderWidget = dynamic(offlineSafe(() => import("./header-widget").then((m) => m.HeaderWidget), Room), { ssr: false, loading: Room });

/** The header widget fed with the punch status (the same polled query the punch button uses). */
export function LiveHeaderWidget({ timeZone, layout }: { timeZone: string; layout?: "inline" | "stacked" }) {
  const { data } = usePunchStatus();
  const punchedInAt = data?.isPunchedIn ? data.lastPunchIn : null;
  const task = data?.isPunchedIn && data.activeTask ? data.activeTask : null;
  return <HeaderWidget timeZone={timeZone} layout={layout} punchedInAt={punchedInAt} activeTask={task} />;
}
