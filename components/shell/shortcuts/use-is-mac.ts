"use client";

import { useSyncExternalStore } from "react";

const noop = () => () => {};

/** Whether the keyboard says ⌘ rather than Ctrl (false while rendering on the server). */
export function useIsMac(): boolean {
  return useSyncExternalStore(
    noop,
    () => /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent),
    () => false,
  );
}
