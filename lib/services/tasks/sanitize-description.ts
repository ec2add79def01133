import "server-only";
import sanitizeHtml from "sanitize-html";

/**
 * The rich-text description is stored as HTML, so it is cleaned on the way in with an
 * allow-list of what the editor's toolbar can produce (tiptap StarterKit + links): no
 * scripts, styles, event handlers or foreign URL schemes survive. An editor-empty value
 * ("<p></p>") is stored as null.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "s", "strike", "h1", "h2", "h3", "ul", "ol", "li", "blockquote", "code", "pre", "a", "hr"],
  allowedAttributes: { a: ["href", "target", "rel"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" } }),
  },
};

export function sanitizeDescription(html: string | null | undefined): string | null {
  if (html === null || html === undefined) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  const text = clean.replace(/<[^>]*>/g, "").replace(/&nbsp;/g, " ").trim();
  return text === "" ? null : clean;
}
