"use client";

import { useEffect } from "react";
import dynamic from "next/dynamic";
import { loadModalDialog } from "@/components/ui/dialog";
import { offlineSafe } from "@/components/ui/offline-safe";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import type { PunchOutFlowProps } from "./punch-out-flow";

const loadPunchOutFlow = () => import("./punch-out-flow");
const PunchOutFlow = dynamic(offlineSafe(() => loadPunchOutFlow().then((m) => m.PunchOutFlow)), { ssr: false });

/**
 * What a Punch Out opens that is fetched on first use: the flow and its dialog. Fetched ahead
 * while someone is punched in, so that a Punch Out tapped without a signal still opens its reason
 * dialog and keeps the punch on the phone (lib/offline); the toasts have a plain stand-in until
 * theirs arrives (components/ui/toaster.tsx). Each through the loader its component uses:
 * Turbopack gives every import() call its own list of files, and a second import() of the same
 * module would fetch files the component never asks for.
 */
export const preloadPunchOut = () => Promise.allSettled([loadPunchOutFlow(), loadModalDialog()]);

/**
 * The punch-out flow, fetched the first time someone opens it instead of with every page (the
 * header's punch button is on all of them), then kept mounted: its mutation's success toast
 * must still fire after the status flips to punched out. With `preload` (the person is punched
 * in) its code is fetched once the page has rendered, before anyone taps.
 */
export function LazyPunchOutFlow({ preload, ...props }: PunchOutFlowProps & { preload?: boolean }) {
  const opened = useOpenedOnce(props.open);
  useEffect(() => {
    if (preload) void preloadPunchOut();
  }, [preload]);
  return opened ? <PunchOutFlow {...props} /> : null;
}
