"use client";

import { cloneElement, useCallback, useEffect, useId, useRef, useState, type ReactElement, type ReactNode, type Ref } from "react";
import dynamic from "next/dynamic";
import { offlineSafe } from "./offline-safe";
import type { Side } from "./tooltip-popup";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/constants";

// The bubble and its placement load the first time a tooltip opens (hover waits 700 ms anyway);
// without a connection it stays closed, silently.
const TooltipPopup = dynamic(offlineSafe(() => import("./tooltip-popup").then((m) => m.TooltipPopup), () => null), { ssr: false });

interface TooltipProps {
  content: ReactNode;
  /** One element that accepts a ref and event props, e.g. <Button> or a Headless UI button. */
  children: ReactElement;
  side?: Side;
  className?: string;
}

/** Time a pointer may take from the trigger onto the tooltip without it closing (WCAG 1.4.13: hoverable). */
const HOVER_GRACE_MS = 100;

/**
 * One tooltip shows at a time, app-wide. Spec §9's delays: a hovered trigger opens its tooltip
 * after 700 ms, but at once while another is open or within 300 ms of one closing (moving along
 * a toolbar). Keyboard focus opens it at once.
 */
const group = {
  open: null as { owner: object; close: () => void } | null,
  lastClosedAt: Number.NEGATIVE_INFINITY,
};
const opensAtOnce = () => group.open !== null || Date.now() - group.lastClosedAt < TOOLTIP_SKIP_DELAY_MS;

/** Passes the trigger's node on to the child's own ref (a callback or an object). */
function assignRef<T>(ref: Ref<T> | undefined, node: T) {
  if (typeof ref === "function") ref(node);
  else if (ref) ref.current = node;
}

/**
 * A label for an icon-only control (or the whole text of a truncated one), shown on mouse hover
 * and keyboard focus, described to screen readers through aria-describedby, closed by Escape,
 * a click, leaving or blurring. Touch never opens it. The bubble (./tooltip-popup.tsx) and its
 * placement (@floating-ui/dom, which Headless UI's menus use too) load the first time one opens.
 */
export function Tooltip({ content, children, side = "top", className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const [owner] = useState(() => ({}));
  const id = useId();
  const openRef = useRef(false);
  const openTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const graceTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pointerDown = useRef(false);
  const triggerRef = useRef<HTMLElement | null>(null);

  const clearTimers = () => {
    clearTimeout(openTimer.current);
    clearTimeout(graceTimer.current);
    openTimer.current = undefined;
  };

  const close = useCallback(() => {
    clearTimers();
    if (!openRef.current) return;
    openRef.current = false;
    setOpen(false);
    group.lastClosedAt = Date.now();
    if (group.open?.owner === owner) group.open = null;
  }, [owner]);

  const show = useCallback(() => {
    clearTimers();
    if (openRef.current) return;
    if (group.open && group.open.owner !== owner) group.open.close();
    group.open = { owner, close };
    openRef.current = true;
    setOpen(true);
  }, [owner, close]);

  // Unmounting while open (a dialog replacing the trigger) must not leave the group thinking one is open.
  useEffect(() => () => close(), [close]);

  const theirs = children.props as Record<string, unknown> & { ref?: Ref<HTMLElement>; "aria-describedby"?: string };
  const setTriggerRef = (node: HTMLElement | null) => {
    triggerRef.current = node;
    assignRef(theirs.ref, node);
  };

  const onHover = (event: React.PointerEvent) => {
    if (event.pointerType === "touch") return;
    clearTimeout(graceTimer.current);
    if (openRef.current || openTimer.current) return;
    if (opensAtOnce()) show();
    else openTimer.current = setTimeout(show, TOOLTIP_DELAY_MS);
  };
  const onLeave = () => {
    clearTimeout(openTimer.current);
    openTimer.current = undefined;
    graceTimer.current = setTimeout(close, HOVER_GRACE_MS);
  };
  const onPress = () => {
    pointerDown.current = true;
    document.addEventListener("pointerup", () => (pointerDown.current = false), { once: true });
    close();
  };
  const onFocusIn = () => {
    if (!pointerDown.current) show();
  };
  // The child's own handlers run first, then the tooltip's.
  const theirsToo = (name: string, event: unknown) => (theirs[name] as ((event: unknown) => void) | undefined)?.(event);

  // The handlers read refs only when an event fires; the compiler can't see that cloneElement
  // does not call them during render.
  // eslint-disable-next-line react-hooks/refs
  const trigger = cloneElement(children, {
    ref: setTriggerRef,
    "aria-describedby": open ? [theirs["aria-describedby"], id].filter(Boolean).join(" ") : theirs["aria-describedby"],
    onPointerMove: (event: React.PointerEvent) => (theirsToo("onPointerMove", event), onHover(event)),
    onPointerLeave: (event: React.PointerEvent) => (theirsToo("onPointerLeave", event), onLeave()),
    onPointerDown: (event: React.PointerEvent) => (theirsToo("onPointerDown", event), onPress()),
    onFocus: (event: React.FocusEvent) => (theirsToo("onFocus", event), onFocusIn()),
    onBlur: (event: React.FocusEvent) => (theirsToo("onBlur", event), close()),
    onClick: (event: React.MouseEvent) => (theirsToo("onClick", event), close()),
  } as Record<string, unknown>);

  return (
    <>
      {trigger}
      {open ? (
        <TooltipPopup id={id} trigger={triggerRef} side={side} className={className} onKeep={() => clearTimeout(graceTimer.current)} onClose={close}>
          {content}
        </TooltipPopup>
      ) : null}
    </>
  );
}
