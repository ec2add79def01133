"use client";

import { cloneElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type ReactNode, type Ref } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/components/ui/cn";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/constants";

type Side = "top" | "right" | "bottom" | "left";

interface TooltipProps {
  content: ReactNode;
  /** One element that accepts a ref and event props, e.g. <Button> or a Headless UI button. */
  children: ReactElement;
  side?: Side;
  className?: string;
}

/** Time a pointer may take from the trigger onto the tooltip without it closing (WCAG 1.4.13: hoverable). */
const HOVER_GRACE_MS = 100;
const OPPOSITE: Record<Side, Side> = { top: "bottom", right: "left", bottom: "top", left: "right" };

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
 * a click, leaving or blurring. Touch never opens it. Placement (flip, shift, the arrow) comes
 * from @floating-ui/dom, loaded the first time a tooltip opens: Headless UI's menus already
 * use it, so it costs no first-load JavaScript of its own.
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
  const floatingRef = useRef<HTMLDivElement | null>(null);
  const arrowRef = useRef<HTMLSpanElement | null>(null);

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

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && close();
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open, close]);

  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    const floating = floatingRef.current;
    if (!open || !trigger || !floating) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("@floating-ui/dom").then(({ arrow, autoUpdate, computePosition, flip, offset, shift }) => {
      if (cancelled) return;
      stop = autoUpdate(trigger, floating, () => {
        void computePosition(trigger, floating, {
          strategy: "fixed",
          placement: side,
          middleware: [offset(6), flip(), shift({ padding: 8 }), ...(arrowRef.current ? [arrow({ element: arrowRef.current, padding: 4 })] : [])],
        }).then(({ x, y, placement, middlewareData }) => {
          Object.assign(floating.style, { left: `${x}px`, top: `${y}px`, opacity: "1" });
          const tip = arrowRef.current;
          if (!tip || !middlewareData.arrow) return;
          const { x: ax, y: ay } = middlewareData.arrow;
          const edge = OPPOSITE[placement.split("-")[0] as Side];
          Object.assign(tip.style, { left: ax == null ? "" : `${ax}px`, top: ay == null ? "" : `${ay}px`, right: "", bottom: "", [edge]: "-4px" });
        });
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [open, side]);

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
      {open
        ? createPortal(
            <div
              ref={floatingRef}
              id={id}
              role="tooltip"
              style={{ position: "fixed", left: 0, top: 0, opacity: 0 }}
              onPointerEnter={() => clearTimeout(graceTimer.current)}
              onPointerLeave={close}
              className={cn("z-50 w-max max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-md", className)}
            >
              {content}
              <span ref={arrowRef} aria-hidden="true" className="absolute size-2 rotate-45 bg-slate-900" />
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
