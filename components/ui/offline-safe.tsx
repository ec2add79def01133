"use client";

import { createElement, useEffect, useRef, useState, type ComponentType } from "react";
import { toastError } from "./use-toast";

/** The least time between two downloads of a missing chunk while the connection stays down. */
const RETRY_AFTER_MS = 1_000;

/** A dialog's props: one that cannot open closes again, so the next tap opens it anew. */
type MaybeDialog = { open?: unknown; onClose?: unknown };

/**
 * A `next/dynamic` loader for code fetched on first use (dialogs, the toasts, the punch-out
 * flow) that survives a lost connection. Given to next/dynamic as is, a chunk that could not be
 * downloaded (a phone without signal, Wi-Fi without internet) threw into the route's error
 * boundary: "Something went wrong" in place of the page, when the app had only been asked to
 * open a dialog. With `offlineSafe`, the component instead downloads its code again each time it
 * is rendered (at most once a second) and meanwhile renders `missing`, or nothing and the spec's
 * "Connection Lost" toast (lib/api-client/friendly-errors.ts), so a tap offline says why nothing
 * opened, and the same tap online opens it. A dialog (`open` and `onClose` props) that could not
 * open is closed again, so that tap is a change its opener renders.
 *
 *   const ModalDialog = dynamic(offlineSafe(() => import("./modal-dialog").then((m) => m.default)), { ssr: false });
 */
export function offlineSafe<P extends object>(load: () => Promise<ComponentType<P>>, missing?: ComponentType<P>): () => Promise<ComponentType<P>> {
  return () =>
    load().catch(() => {
      function Redownloading(props: P) {
        const [Loaded, setLoaded] = useState<ComponentType<P> | null>(null);
        const inFlight = useRef(false);
        const failedAt = useRef(Number.NEGATIVE_INFINITY);
        // After every render: a render is what asking for the component again looks like.
        useEffect(() => {
          if (Loaded || inFlight.current || Date.now() - failedAt.current < RETRY_AFTER_MS) return;
          inFlight.current = true;
          load().then(
            (component) => setLoaded(() => component),
            (error: unknown) => {
              failedAt.current = Date.now();
              if (missing) return;
              toastError(error);
              const dialog = props as MaybeDialog;
              if (dialog.open === true && typeof dialog.onClose === "function") dialog.onClose();
            },
          ).finally(() => (inFlight.current = false));
        });
        if (Loaded) return createElement(Loaded, props);
        return missing ? createElement(missing, props) : null;
      }
      return Redownloading;
    });
}
