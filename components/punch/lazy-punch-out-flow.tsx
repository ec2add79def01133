"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { PunchOutFlowProps } from "./punch-out-flow";

const PunchOutFlow = dynamic(offlineSafe(() => import("./punch-out-flow").then((m) => m.PunchOutFlow)), { ssr: false });

/**
 * The punch-out flow, fetched the first time someone opens it instead of with every page (the
 * header's punch button is on all of them), then kept mounted: its mutation's success toast
 * must still fire after the status flips to punched out.
 */
export function LazyPunchOutFlow(props: PunchOutFlowProps) {
  const opened = useOpenedOnce(props.open);
  return opened ? <PunchOutFlow {...props} /> : null;
}
