"use client";

import { useLayoutEffect, useRef, useState } from "react";

/**
 * Where a toast sits (docs/shared-ui.md, "Toast placement"): in the first of its slots where it
 * covers none of the page's controls, else where it covers the fewest. Phones have two slots,
 * the bottom (above the round button) and the top (under the header); wider screens have four
 * corners, bottom right first. Toasts never cover the header. The choice is made when the toast
 * appears and checked again while it shows (the page under it may change: "Case created" opens
 * the case page, whose Print label sits top right); a toast moves only when where it is covers
 * a control and another slot covers fewer.
 */
export type ToastSlot = "bottom-end" | "bottom-start" | "top-end" | "top-start";

const PHONE_SLOTS: ToastSlot[] = ["bottom-end", "top-end"];
const WIDE_SLOTS: ToastSlot[] = ["bottom-end", "bottom-start", "top-end", "top-start"];
/** Tailwind's sm breakpoint: the toast is a full-width strip below it. */
const WIDE_FROM_PX = 640;
const RECHECK_MS = 400;

/** What a person may press next: the controls a toast must not cover. */
const CONTROLS =
  "button, a[href], input:not([type=hidden]), select, textarea, summary, [role=button], [role=checkbox], [role=radio], [role=switch], [role=tab], [role=combobox], [role=menuitem]";

/** The controls under `rect`: visible, not inert (behind an open dialog) and not the toast's own. */
function coveredCount(rect: DOMRect, region: Element): number {
  let count = 0;
  for (const element of document.querySelectorAll(CONTROLS)) {
    if (region.contains(element) || element.closest("[inert]")) continue;
    const r = element.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.left < rect.right && r.right > rect.left && r.top < rect.bottom && r.bottom > rect.top) count += 1;
  }
  return count;
}

/** The rectangle of the region's cards: what the toast covers. */
function cardsRect(region: HTMLElement): DOMRect | null {
  const cards = [...region.children].map((child) => child.getBoundingClientRect()).filter((r) => r.height > 0);
  if (cards.length === 0) return null;
  const top = Math.min(...cards.map((r) => r.top));
  const bottom = Math.max(...cards.map((r) => r.bottom));
  const left = Math.min(...cards.map((r) => r.left));
  const right = Math.max(...cards.map((r) => r.right));
  return new DOMRect(left, top, right - left, bottom - top);
}

/**
 * Tries each slot on the region itself (setting its `data-slot`, which the viewport's classes
 * follow, and measuring), and leaves the region in the slot to use, which it returns: `current`
 * when it covers nothing or no other slot covers fewer, else the first that covers the fewest.
 */
export function chooseToastSlot(region: HTMLElement, current: ToastSlot): ToastSlot {
  const slots = window.innerWidth >= WIDE_FROM_PX ? WIDE_SLOTS : PHONE_SLOTS;
  const from = slots.includes(current) ? current : slots[0];
  const scores: Array<{ slot: ToastSlot; covered: number }> = [];
  for (const slot of slots) {
    region.dataset.slot = slot;
    const rect = cardsRect(region);
    if (!rect) break;
    scores.push({ slot, covered: coveredCount(rect, region) });
    // The first slot tried that covers nothing: no need to measure the others.
    if (slot === from && scores.at(-1)!.covered === 0) break;
  }
  const here = scores.find((s) => s.slot === from);
  let chosen = from;
  if (here && here.covered > 0) {
    const best = scores.reduce((a, b) => (b.covered < a.covered ? b : a));
    if (best.covered < here.covered) chosen = best.slot;
  }
  region.dataset.slot = chosen;
  return chosen;
}

/**
 * The region's slot while a toast shows. `active`: a toast is open. The returned ref goes on the
 * region (the element whose direct children are the toast cards).
 */
export function useToastPlacement<T extends HTMLElement>(active: boolean, toastId: number | null) {
  const ref = useRef<T>(null);
  const [slot, setSlot] = useState<ToastSlot>(PHONE_SLOTS[0]);
  useLayoutEffect(() => {
    const region = ref.current;
    if (!active || !region) return;
    // Each toast starts from the first slot; the region is moved at once, React's state follows.
    let current: ToastSlot = PHONE_SLOTS[0];
    const place = () => {
      // Not while a finger drags the toast away.
      if (region.querySelector("[data-swipe=move]")) return;
      current = chooseToastSlot(region, current);
      setSlot(current);
    };
    place();
    // The card may arrive a render later (Radix portals it into the region): place it as it does.
    const observer = new MutationObserver(place);
    observer.observe(region, { childList: true });
    const timer = window.setInterval(place, RECHECK_MS);
    return () => {
      observer.disconnect();
      window.clearInterval(timer);
    };
  }, [active, toastId]);
  return { ref, slot };
}
