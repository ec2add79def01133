"use client";

import { useEffect, useState } from "react";

/**
 * Focus goes back to what opened a dialog when it closes (WCAG 2.4.3). Headless UI does this
 * from a history of focused and pressed elements that it starts keeping when its code loads,
 * and its dialogs and menus now load on first use (components/ui/first-use, ./dialog): on a
 * first open its history was empty and focus fell to the page. This keeps the same short
 * history from the first load on, and gives focus back only where Headless UI did not.
 */
const FOCUSABLE = "button, a[href], input, select, textarea, summary, [tabindex]:not([tabindex='-1'])";
const recent: HTMLElement[] = [];

function note(event: Event) {
  const target = event.target;
  if (!(target instanceof HTMLElement) || target === document.body) return;
  // A press on an icon inside a button counts as the button (Safari does not focus buttons on click).
  const element = target.closest<HTMLElement>(FOCUSABLE) ?? target;
  if (recent[0] === element) return;
  recent.unshift(element);
  recent.length = Math.min(recent.length, 10);
}

if (typeof window !== "undefined") {
  window.addEventListener("focusin", note, true);
  window.addEventListener("pointerdown", note, true);
}

/** The element most recently focused or pressed that is still on the page. */
const opener = () => recent.find((element) => element.isConnected) ?? null;

const LEAVE_LIMIT_MS = 1000;

/** Remembers the opener while `open` turns true; once the dialog has left, focuses it again if focus fell to the page. */
export function useReturnFocus(open: boolean) {
  // A dialog that mounts open (its code arrived after the click, as the lazy punch-out flow's
  // does) takes the opener at mount.
  const [state, setState] = useState<{ open: boolean; opener: HTMLElement | null }>(() => ({ open, opener: open ? opener() : null }));
  // Read while rendering the open, before the dialog mounts and moves focus in.
  if (open !== state.open) setState({ open, opener: open ? opener() : state.opener });

  const target = state.opener;
  useEffect(() => {
    if (open || !target) return;
    const started = performance.now();
    let frame = requestAnimationFrame(function check() {
      const active = document.activeElement;
      if (!active || active === document.body) {
        if (target.isConnected) target.focus({ preventScroll: true });
      } else if (active.closest("[role='dialog']") && performance.now() - started < LEAVE_LIMIT_MS) {
        frame = requestAnimationFrame(check); // still inside the dialog while it animates out
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [open, target]);
}
