"use client";

import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/components/ui/cn";

export type Side = "top" | "right" | "bottom" | "left";

const OPPOSITE: Record<Side, Side> = { top: "bottom", right: "left", bottom: "top", left: "right" };

/**
 * An open tooltip's bubble (./tooltip.tsx decides when): portalled to the body, placed beside
 * its trigger by @floating-ui/dom (flip, shift, the arrow), closed by Escape. Loaded the first
 * time a tooltip opens, so no screen's first load carries it.
 */
export function TooltipPopup({
  id,
  trigger,
  side,
  className,
  onKeep,
  onClose,
  children,
}: {
  id: string;
  trigger: RefObject<HTMLElement | null>;
  side: Side;
  className?: string;
  /** The pointer reached the bubble: it stays open (WCAG 1.4.13: hoverable). */
  onKeep: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const floatingRef = useRef<HTMLDivElement | null>(null);
  const arrowRef = useRef<HTMLSpanElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [onClose]);

  useLayoutEffect(() => {
    const anchor = trigger.current;
    const floating = floatingRef.current;
    if (!anchor || !floating) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import("@floating-ui/dom").then(({ arrow, autoUpdate, computePosition, flip, offset, shift }) => {
      if (cancelled) return;
      stop = autoUpdate(anchor, floating, () => {
        void computePosition(anchor, floating, {
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
  }, [trigger, side]);

  return createPortal(
    <div
      ref={floatingRef}
      id={id}
      role="tooltip"
      style={{ position: "fixed", left: 0, top: 0, opacity: 0 }}
      onPointerEnter={onKeep}
      onPointerLeave={onClose}
      className={cn("z-50 w-max max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs text-white shadow-md", className)}
    >
      {children}
      <span ref={arrowRef} aria-hidden="true" className="absolute size-2 rotate-45 bg-slate-900" />
    </div>,
    document.body,
  );
}
