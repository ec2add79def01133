"use client";

import dynamic from "next/dynamic";
import { offlineSafe } from "@/components/ui/offline-safe";
import { InertToolbar } from "./editor-toolbar";

/**
 * The editor's frame while its code arrives: the same border, toolbar and height as
 * ./rich-text-editor, so nothing moves when the editor takes its place.
 */
function EditorFrame() {
  return (
    <div aria-busy="true" className="rounded-md border border-slate-300 bg-white shadow-xs">
      <InertToolbar />
      <p className="min-h-28 px-3 py-2 text-sm text-slate-500">Loading the editor…</p>
    </div>
  );
}

/**
 * The description editor, fetched after the form that shows it: tiptap and ProseMirror are
 * about 100 KB gzipped, a third of what opening the task form downloads, and most tasks start
 * with their title. The form appears without waiting for them. Every call site (the task and
 * project forms) uses this, never ./rich-text-editor. Offline, the frame stays and the editor
 * is fetched again when the form next renders (components/ui/offline-safe).
 */
export const LazyRichTextEditor = dynamic(
  offlineSafe(() => import("./rich-text-editor").then((m) => m.RichTextEditor), EditorFrame),
  { ssr: false, loading: () => <EditorFrame /> },
);
