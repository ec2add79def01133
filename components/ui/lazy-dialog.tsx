"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { offlineSafe } from "./offline-safe";
import { useOpenedOnce } from "./use-opened-once";

/**
 * A dialog whose code loads the first time it opens. A dialog with a form brings react-hook-form
 * and zod (≈ 45 KB gzipped) and more, which a screen's first load should not carry for a button
 * most visits never press. Whether the screen renders the dialog closed or mounts it only while
 * it is open, it is mounted from its first open on, so its close transition and its mutations'
 * callbacks still run; `offlineSafe` handles a download that fails.
 *
 *   export const LazyProjectFormDialog = lazyDialog(() => import("./project-form").then((m) => m.ProjectFormDialog));
 */
export function lazyDialog<P extends { open: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Loaded = dynamic(offlineSafe(load), { ssr: false }) as ComponentType<P>;
  function LazyDialog(props: P) {
    return useOpenedOnce(props.open) ? <Loaded {...props} /> : null;
  }
  return LazyDialog;
}
