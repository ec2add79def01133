/**
 * "@First Last" in a posted comment, for each member the comment's mentions notified, is shown as
 * a highlighted name at render time, over HTML that was sanitized when it was stored (like
 * lib/tasks/link-task-numbers.ts). Only text is touched: never a tag or an attribute, nor text
 * inside a link, inline code or a code block. A name must end where a word ends ("@Sam Lee" is
 * not highlighted inside "@Sam Leeds").
 */

import { rewriteHtmlText } from "@/lib/tasks/rewrite-html-text";

export interface MentionedMember {
  id: string;
  firstName: string;
  lastName: string;
}

export const MENTION_CLASS = "rounded bg-indigo-50 px-0.5 font-medium text-indigo-800";

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function highlightMentions(html: string, mentioned: readonly MentionedMember[]): string {
  if (mentioned.length === 0 || !html.includes("@")) return html;
  // Longest first, so "@Sam Leeds" wins over "@Sam Lee" when both were mentioned.
  const names = [...new Map(mentioned.map((m) => [`${m.firstName} ${m.lastName}`.trim(), m.id])).entries()]
    .filter(([name]) => name !== "")
    .sort(([a], [b]) => b.length - a.length);
  if (names.length === 0) return html;
  const idOf = new Map(names.map(([name, id]) => [escapeHtml(name), id]));
  const pattern = new RegExp(`@(${names.map(([name]) => escapeRegExp(escapeHtml(name)).replace(/ /g, "(?: |&nbsp;)")).join("|")})(?![\\p{L}\\p{M}\\p{N}])`, "gu");
  return rewriteHtmlText(html, (text) =>
    !text.includes("@")
      ? text
      : text.replace(pattern, (whole: string, name: string) => {
          const id = idOf.get(name.replace(/&nbsp;/g, " "));
          return id ? `<span class="${MENTION_CLASS}" data-mention="${id}">${whole}</span>` : whole;
        }),
  );
}
