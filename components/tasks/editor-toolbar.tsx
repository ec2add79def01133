import type { ReactNode } from "react";

/**
 * The description editor's toolbar faces, without tiptap: ./rich-text-editor puts commands
 * behind them, and ./lazy-rich-text-editor shows them inert while the editor's code arrives, so
 * the toolbar takes the same room (one row on a desktop, two at 375 px) and nothing below it
 * moves when the editor appears.
 */
export type ToolKey = "bold" | "italic" | "underline" | "strike" | "link" | "h2" | "h3" | "bullet" | "ordered" | "quote" | "code" | "clear";

export const TOOLS: Record<ToolKey, { label: string; face: ReactNode }> = {
  bold: { label: "Bold", face: <span className="font-bold">B</span> },
  italic: { label: "Italic", face: <span className="italic font-serif">I</span> },
  underline: { label: "Underline", face: <span className="underline">U</span> },
  strike: { label: "Strikethrough", face: <span className="line-through">S</span> },
  link: {
    label: "Link",
    face: (
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path d="M12.232 4.232a2.5 2.5 0 0 1 3.536 3.536l-1.225 1.224a.75.75 0 0 0 1.061 1.06l1.224-1.224a4 4 0 0 0-5.656-5.656l-3 3a4 4 0 0 0 .225 5.865.75.75 0 0 0 .977-1.138 2.5 2.5 0 0 1-.142-3.667l3-3Z" />
        <path d="M11.603 7.963a.75.75 0 0 0-.977 1.138 2.5 2.5 0 0 1 .142 3.667l-3 3a2.5 2.5 0 0 1-3.536-3.536l1.225-1.224a.75.75 0 0 0-1.061-1.06l-1.224 1.224a4 4 0 1 0 5.656 5.656l3-3a4 4 0 0 0-.225-5.865Z" />
      </svg>
    ),
  },
  h2: { label: "Heading", face: "H2" },
  h3: { label: "Subheading", face: "H3" },
  bullet: {
    label: "Bulleted list",
    face: (
      <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
        <path d="M3 5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm4-1.75h10v1.5H7v-1.5ZM3 11a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm4-1.75h10v1.5H7v-1.5ZM3 17a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm4-1.75h10v1.5H7v-1.5Z" />
      </svg>
    ),
  },
  ordered: { label: "Numbered list", face: "1." },
  quote: { label: "Quote", face: "\u201c" },
  code: { label: "Code block", face: "</>" },
  clear: { label: "Clear formatting", face: <span className="text-xs">Tx</span> },
};

/** The toolbar's groups, in order; a separator stands between two groups. */
export const MARK_TOOLS = ["bold", "italic", "underline", "strike", "link"] as const;
export const BLOCK_TOOLS = ["h2", "h3", "bullet", "ordered", "quote", "code"] as const;

export const TOOLBAR_CLASS = "flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1";
export const TOOL_BUTTON_CLASS = "inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm";

export function ToolbarSeparator() {
  return <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden="true" />;
}

/** The toolbar as it will be, inert (no editor yet): the same faces in the same places. */
export function InertToolbar() {
  const face = (key: ToolKey) => (
    <span key={key} className={`${TOOL_BUTTON_CLASS} text-slate-500`}>
      {TOOLS[key].face}
    </span>
  );
  return (
    <div aria-hidden="true" className={TOOLBAR_CLASS}>
      {MARK_TOOLS.map(face)}
      <ToolbarSeparator />
      {BLOCK_TOOLS.map(face)}
      <ToolbarSeparator />
      {face("clear")}
    </div>
  );
}
