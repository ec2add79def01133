"use client";

import dynamic from "next/dynamic";
import type { DialogProps } from "./modal-dialog";
import { offlineSafe } from "./offline-safe";
import { useOpenedOnce } from "./use-opened-once";
import { useReturnFocus } from "./return-focus";

// Headless UI's dialog, transitions and focus trap (≈ 12 KB gzipped) load the first time a
// dialog opens, not in every page's first load: most visits never open one.
// Turbopack gives each import() call its own chunk list, so what fetches this code ahead
// (preloadPunchOut) calls this same loader: another import() of the module would fetch other files.
export const loadModalDialog = () => import("./modal-dialog");
const ModalDialog = dynamic(offlineSafe(() => loadModalDialog().then((m) => m.default)), { ssr: false });

/**
 * A modal dialog (./modal-dialog): mounted from its first open on, so it still animates out;
 * focus goes back to its opener when it closes (./return-focus).
 */
export function Dialog(props: DialogProps) {
  const opened = useOpenedOnce(props.open);
  useReturnFocus(props.open);
  return opened ? <ModalDialog {...props} /> : null;
}
