"use client";

import { useEffect } from "react";
import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import type { ShortcutsRoot as Root } from "./shortcuts-root";
import { SHELL_SHORTCUTS } from "@/lib/shortcuts/table";
import { installShortcutListener } from "./listener";

// The general shortcuts (C, /, G then a key, ?, Ctrl-K) and what they open load after the page;
// offline they stay away silently and are asked for again on the shell's next render.
const ShortcutsRoot = dynamic(offlineSafe(() => import("./shortcuts-root").then((m) => m.ShortcutsRoot), () => null), { ssr: false });

/**
 * The keyboard layer of every signed-in screen: the document's key listener is installed with
 * the page, so a screen's own keys (a task's E, M and ., the list's J, K, X and Enter) work as
 * soon as it is interactive; the root with the general ones follows, and a general key pressed
 * before it arrives is done when it does.
 */
export function ShortcutLayer(props: React.ComponentProps<typeof Root>) {
  useEffect(() => installShortcutListener(SHELL_SHORTCUTS), []);
  return <ShortcutsRoot {...props} />;
}
