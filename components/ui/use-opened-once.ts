"use client";

import { useState } from "react";

/**
 * True from the first render where `open` is true, and from then on. A dialog loaded with
 * `next/dynamic` is mounted behind it: its chunk is fetched the first time someone opens it
 * (not in the page's first load), and it stays mounted afterwards so its close transition and
 * its mutations' callbacks still run.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  // Setting state during render is React's documented way to derive state from a prop change.
  if (open && !opened) setOpened(true);
  return opened || open;
}
