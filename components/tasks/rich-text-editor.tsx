"use client";

import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";
import { BLOCK_TOOLS, InertToolbar, MARK_TOOLS, TOOLBAR_CLASS, TOOL_BUTTON_CLASS, TOOLS, ToolbarSeparator, type ToolKey } from "./editor-toolbar";
import { PROSE_CLASSES } from "./prose";
import { Tooltip } from "@/components/ui/tooltip";

interface RichTextEditorProps {
  id?: string;
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  "aria-labelledby"?: string;
  /** Sees each key first; true means it was handled (the comment box's @ picker takes ↑/↓, Enter and Escape). */
  onKeyDown?: (event: KeyboardEvent) => boolean;
  /** The editor once it exists (and null when it goes), for a caller that edits the text itself. */
  onEditor?: (editor: Editor | null) => void;
}

/**
 * The task description editor (spec §9): a fixed "snow-style" toolbar above the text (like
 * Quill's snow theme) and a "bubble-style" floating menu over a selection (Quill's bubble
 * theme). tiptap renders on the client only (`immediatelyRender: false` for SSR). The server
 * sanitizes the HTML it stores (lib/services/tasks/sanitize-description.ts).
 */
export function RichTextEditor({ id, value, onChange, placeholder, onKeyDown, onEditor, ...aria }: RichTextEditorProps) {
  // The editor is built once; its key handler reads the caller's latest one.
  const keyHandler = useRef(onKeyDown);
  useEffect(() => {
    keyHandler.current = onKeyDown;
  });
  const editor = useEditor({
    immediatelyRender: false,
    extensions: [StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } })],
    content: value || "",
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        role: "textbox",
        "aria-multiline": "true",
        ...(aria["aria-labelledby"] ? { "aria-labelledby": aria["aria-labelledby"] } : {}),
        ...(placeholder ? { "data-placeholder": placeholder } : {}),
        class: `${PROSE_CLASSES} min-h-28 px-3 py-2 text-sm text-slate-900 focus:outline-none`,
      },
      handleKeyDown: (_view, event) => keyHandler.current?.(event) ?? false,
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

  useEffect(() => {
    if (!onEditor || !editor) return;
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  // Outside changes (a form reset) replace the content; typing does not loop back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if ((value || "") !== current) editor.commands.setContent(value || "", { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rounded-md border border-slate-300 bg-white shadow-xs focus-within:border-indigo-500 focus-within:ring-1 focus-within:ring-indigo-500">
      <Toolbar editor={editor} />
      {editor && (
        <BubbleMenu
          editor={editor}
          className="flex items-center gap-0.5 rounded-lg bg-slate-900 p-1 shadow-lg"
          data-testid="bubble-menu"
        >
          <MarkButtons editor={editor} dark />
        </BubbleMenu>
      )}
      {/* tiptap builds the editor after mounting: until then the text area keeps its height. */}
      {editor ? <EditorContent editor={editor} /> : <div className="min-h-28" />}
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  if (!editor) return <InertToolbar />;
  return (
    <div role="toolbar" aria-label="Formatting" className={TOOLBAR_CLASS}>
      <MarkButtons editor={editor} />
      <ToolbarSeparator />
      <BlockButtons editor={editor} />
    </div>
  );
}

function useActive(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }): Partial<Record<ToolKey, boolean>> => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      strike: e.isActive("strike"),
      link: e.isActive("link"),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bullet: e.isActive("bulletList"),
      ordered: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      code: e.isActive("codeBlock"),
    }),
  });
}

function MarkButtons({ editor, dark = false }: { editor: Editor; dark?: boolean }) {
  const active = useActive(editor);
  const setLink = () => {
    if (active.link) {
      editor.chain().focus().unsetLink().run();
      return;
    }
    const url = window.prompt("Link address", "https://");
    if (url && /^(https?:|mailto:|tel:)/i.test(url)) editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
  };
  const run: Record<(typeof MARK_TOOLS)[number], () => void> = {
    bold: () => editor.chain().focus().toggleBold().run(),
    italic: () => editor.chain().focus().toggleItalic().run(),
    underline: () => editor.chain().focus().toggleUnderline().run(),
    strike: () => editor.chain().focus().toggleStrike().run(),
    link: setLink,
  };
  return MARK_TOOLS.map((key) => <ToolButton key={key} tool={key} dark={dark} active={active[key]} onClick={run[key]} />);
}

function BlockButtons({ editor }: { editor: Editor }) {
  const active = useActive(editor);
  const run: Record<(typeof BLOCK_TOOLS)[number], () => void> = {
    h2: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
    h3: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
    bullet: () => editor.chain().focus().toggleBulletList().run(),
    ordered: () => editor.chain().focus().toggleOrderedList().run(),
    quote: () => editor.chain().focus().toggleBlockquote().run(),
    code: () => editor.chain().focus().toggleCodeBlock().run(),
  };
  return (
    <>
      {BLOCK_TOOLS.map((key) => (
        <ToolButton key={key} tool={key} active={active[key]} onClick={run[key]} />
      ))}
      <ToolbarSeparator />
      <ToolButton tool="clear" onClick={() => editor.chain().focus().unsetAllMarks().clearNodes().run()} />
    </>
  );
}

function ToolButton({ tool, active = false, dark = false, onClick }: { tool: ToolKey; active?: boolean; dark?: boolean; onClick: () => void }) {
  const { label, face } = TOOLS[tool];
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className={cn(
          TOOL_BUTTON_CLASS,
          dark ? "text-slate-100 hover:bg-slate-700" : "text-slate-700 hover:bg-slate-200",
          active && (dark ? "bg-slate-700 text-white" : "bg-indigo-100 text-indigo-700"),
        )}
      >
        {face}
      </button>
    </Tooltip>
  );
}
