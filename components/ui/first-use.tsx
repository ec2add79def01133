"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { flushSync } from "react-dom";

/**
 * Controls whose library loads on first use. Headless UI's menus, popover and combobox are about
 * 65 KB gzipped; the header and the dashboard's filters show them on every page, yet most page
 * views never open one. Until first use each is a plain stand-in of the same look and role,
 * rendered by the server. Hover, focus or a press starts the download; once it has arrived the
 * real control takes the stand-in's place (keeping its focus and any typed text), and a click
 * or key that came first is handed on, so the control opens as if it had been there all along.
 * Dialogs and toasts do the same through `useOpenedOnce`.
 */

/** How the stand-in was activated before the real control arrived: it repeats the gesture. */
export type Gesture = "pointer" | "key";

export interface Handoff {
  gesture: Gesture | null;
  /** The stand-in had keyboard focus: the real control takes it. */
  focus: boolean;
  /** Text typed into a stand-in input, for the real input to continue from. */
  text?: string;
  /** The stand-in input's selection: text selected to be typed over stays selected. */
  selection?: [number, number];
}

type Loader<T> = () => Promise<T>;

/** Loaded modules by loader: once one stand-in has loaded, every later mount is the real control. */
const loaded = new Map<Loader<unknown>, unknown>();

export function useFirstUse<T>(load: Loader<T>) {
  const [real, setReal] = useState<{ module: T; handoff: Handoff } | null>(() =>
    loaded.has(load) ? { module: loaded.get(load) as T, handoff: { gesture: null, focus: false } } : null,
  );
  const standIn = useRef<HTMLElement | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const pressing = useRef(false);
  const started = useRef(false);

  // Swapping mid-press would take the element out from under the pointer and lose the click:
  // the swap waits for the press to end (and its click to be counted). It commits at once
  // (flushSync), so no press can begin between deciding to swap and the swap.
  const swapIn = useCallback(() => {
    if (!loaded.has(load) || pressing.current) return;
    const node = standIn.current;
    const input = node instanceof HTMLInputElement ? node : null;
    const typed = input && input.value !== input.defaultValue ? input.value : undefined;
    const selection: [number, number] | undefined = input?.selectionStart != null && input.selectionEnd != null ? [input.selectionStart, input.selectionEnd] : undefined;
    const handoff = { gesture: gesture.current, focus: node !== null && node === document.activeElement, text: typed, selection };
    flushSync(() => setReal({ module: loaded.get(load) as T, handoff }));
  }, [load]);

  const warm = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (module) => {
        loaded.set(load, module);
        swapIn();
      },
      // A failed download (offline) leaves the stand-in; the next gesture tries again.
      () => (started.current = false),
    );
  }, [load, swapIn]);

  const activate = useCallback(
    (how: Gesture) => {
      gesture.current = how;
      warm();
    },
    [warm],
  );

  const standInProps = {
    ref: (node: HTMLElement | null) => {
      standIn.current = node;
    },
    onPointerEnter: warm,
    onFocus: warm,
    onPointerDown: () => {
      pressing.current = true;
      const release = () => {
        window.removeEventListener("pointerup", release, true);
        window.removeEventListener("pointercancel", release, true);
        // After the click that follows pointerup in the same task.
        setTimeout(() => {
          pressing.current = false;
          swapIn();
        });
      };
      window.addEventListener("pointerup", release, true);
      window.addEventListener("pointercancel", release, true);
      warm();
    },
    // Enter and Space on a button arrive as a click with no pointer (detail 0).
    onClick: (event: React.MouseEvent) => activate(event.detail === 0 ? "key" : "pointer"),
    onKeyDown: (event: React.KeyboardEvent) => {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        activate("key");
      }
    },
  };

  return { real: real?.module ?? null, handoff: real?.handoff ?? null, standInProps };
}

/**
 * Called by the real control on its first mount with the element the stand-in stood for (its
 * button or input): takes over focus, typed text and the gesture.
 */
export function useHandoff(ref: RefObject<HTMLElement | null>, handoff: Handoff | null | undefined) {
  const done = useRef(false);
  useEffect(() => {
    const node = ref.current;
    if (done.current || !node || !handoff) return;
    done.current = true;
    if (handoff.gesture || handoff.focus) node.focus({ preventScroll: true });
    if (node instanceof HTMLInputElement) {
      // An input's control opens on focus; typed text goes on where it left off.
      if (handoff.text !== undefined) typeInto(node, handoff.text);
      // Without it, text selected in the stand-in (to be typed over) was deselected by the swap,
      // and what came next was added after the chosen member's name instead of replacing it.
      if (handoff.selection && node === document.activeElement) node.setSelectionRange(...handoff.selection);
    } else if (handoff.gesture === "key") {
      node.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true, cancelable: true }));
    } else if (handoff.gesture === "pointer") {
      node.click();
    }
  }, [ref, handoff]);
}

/** Sets an input's text the way typing does, so React's onChange (and the control) see it. */
function typeInto(input: HTMLInputElement, text: string) {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setValue?.call(input, text);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}
