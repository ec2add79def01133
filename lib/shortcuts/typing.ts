/** Whether a key press is someone typing: the shortcut listener and the task list's key replay ask it. */

/** The parts of an element the typing check reads (an HTMLElement has them all). */
export interface TargetLike {
  tagName?: string;
  isContentEditable?: boolean;
  getAttribute?: (name: string) => string | null;
  type?: string;
  closest?: (selector: string) => unknown;
}

const NON_TEXT_INPUTS = new Set(["button", "checkbox", "radio", "range", "submit", "reset", "color", "file", "image"]);

/**
 * Whether a key press on this element is someone typing: a text input, a textarea, a select,
 * a contenteditable (the tiptap editor), or anything inside a combobox or a role="textbox".
 * Shortcuts never fire then. A checkbox or a button is not typing (j, k, x work there).
 */
export function isTypingTarget(target: TargetLike | null | undefined): boolean {
  if (!target || !target.tagName) return false;
  const tag = target.tagName.toLowerCase();
  if (tag === "textarea" || tag === "select") return true;
  if (tag === "input") return !NON_TEXT_INPUTS.has((target.type ?? "text").toLowerCase());
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.("role");
  if (role === "textbox" || role === "combobox" || role === "searchbox") return true;
  return Boolean(target.closest?.("[contenteditable=''], [contenteditable='true'], [role='textbox']"));
}
