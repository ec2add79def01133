"use client";

import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, type ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { PROSE_CLASSES } from "./prose";
import { Tooltip } from "@/components/ui/tooltip";

interface RichTextEditorProps {
  id?: string;
  value: string;
  onChange: (html: string) => void;
  placeholder?: string;
  "aria-labelledby"?: string;
}

/**
 * The task description editor (spec §9): a fixed "snow-style" toolbar above the text (like
 * Quill's snow theme) and a "bubble-style" floating menu over a selection (Quill's bubble
 * theme). tiptap renders on the client only (`immediatelyRender: false` for SSR). The server
 * sanitizes the HTML it stores (lib/services/tasks/sanitize-description.ts).
 */
export function RichTextEditor({ id, value, onChange, placeholder, ...aria }: RichTextEditorProps) {
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
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? "" : e.getHTML()),
  });

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
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-slate-50 px-1.5 py-1">
      {editor ? (
        <>
          <MarkButtons editor={editor} />
          <Separator />
          <BlockButtons editor={editor} />
        </>
      ) : (
        <span className="h-7" />
      )}
    </div>
  );
}

function useActive(editor: Editor) {
  return useEditorState({
    editor,
    selector: ({ editor: e }) => ({
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
  return (
    <>
      <ToolButton dark={dark} label="Bold" active={active.bold} onClick={() => editor.chain().focus().toggleBold().run()}>
        <span className="font-bold">B</span>
      </ToolButton>
      <ToolButton dark={dark} label="Italic" active={active.italic} onClick={() => editor.chain().focus().toggleItalic().run()}>
        <span className="italic font-serif">I</span>
      </ToolButton>
      <ToolButton dark={dark} label="Underline" active={active.underline} onClick={() => editor.chain().focus().toggleUnderline().run()}>
        <span className="underline">U</span>
      </ToolButton>
      <ToolButton dark={dark} label="Strikethrough" active={active.strike} onClick={() => editor.chain().focus().toggleStrike().run()}>
        <span className="line-through">S</span>
      </ToolButton>
      <ToolButton dark={dark} label="Link" active={active.link} onClick={setLink}>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M12.232 4.232a2.5 2.5 0 0 1 3.536 3.536l-1.225 1.224a.75.75 0 0 0 1.061 1.06l1.224-1.224a4 4 0 0 0-5.656-5.656l-3 3a4 4 0 0 0 .225 5.865.75.75 0 0 0 .977-1.138 2.5 2.5 0 0 1-.142-3.667l3-3Z" />
          <path d="M11.603 7.963a.75.75 0 0 0-.977 1.138 2.5 2.5 0 0 1 .142 3.667l-3 3a2.5 2.5 0 0 1-3.536-3.536l1.225-1.224a.75.75 0 0 0-1.061-1.06l-1.224 1.224a4 4 0 1 0 5.656 5.656l3-3a4 4 0 0 0-.225-5.865Z" />
        </svg>
      </ToolButton>
    </>
  );
}

function BlockButtons({ editor }: { editor: Editor }) {
  const active = useActive(editor);
  return (
    <>
      <ToolButton label="Heading" active={active.h2} onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}>
        H2
      </ToolButton>
      <ToolButton label="Subheading" active={active.h3} onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}>
        H3
      </ToolButton>
      <ToolButton label="Bulleted list" active={active.bullet} onClick={() => editor.chain().focus().toggleBulletList().run()}>
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
          <path d="M3 5a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm4-1.75h10v1.5H7v-1.5ZM3 11a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm4-1.75h10v1.5H7v-1.5ZM3 17a1 1 0 1 1 0-2 1 1 0 0 1 0 2Zm4-1.75h10v1.5H7v-1.5Z" />
        </svg>
      </ToolButton>
      <ToolButton label="Numbered list" active={active.ordered} onClick={() => editor.chain().focus().toggleOrderedList().run()}>
        1.
      </ToolButton>
      <ToolButton label="Quote" active={active.quote} onClick={() => editor.chain().focus().toggleBlockquote().run()}>
        &ldquo;
      </ToolButton>
      <ToolButton label="Code block" active={active.code} onClick={() => editor.chain().focus().toggleCodeBlock().run()}>
        {"</>"}
      </ToolButton>
      <Separator />
      <ToolButton label="Clear formatting" onClick={() => editor.chain().focus().unsetAllMarks().clearNodes().run()}>
        <span className="text-xs">Tx</span>
      </ToolButton>
    </>
  );
}

function ToolButton({ label, active = false, dark = false, onClick, children }: { label: string; active?: boolean; dark?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <Tooltip content={label}>
      <button
        type="button"
        aria-label={label}
        aria-pressed={active}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
        className={cn(
          "inline-flex h-7 min-w-7 items-center justify-center rounded px-1.5 text-sm",
          dark ? "text-slate-100 hover:bg-slate-700" : "text-slate-700 hover:bg-slate-200",
          active && (dark ? "bg-slate-700 text-white" : "bg-indigo-100 text-indigo-700"),
        )}
      >
        {children}
        </button>
    </Tooltip>
  );
}

function Separator() {
  return <span className="mx-1 h-5 w-px bg-slate-300" aria-hidden="true" />;
}
