/**
 * Rewrites the text of stored (sanitized) HTML at render time and nothing else: never a tag or an
 * attribute, nor text inside a link, inline code or a code block. The task-number links
 * (link-task-numbers.ts) and the mention highlights (lib/task-comments/highlight-mentions.ts)
 * both walk the HTML this way.
 */

const TAG = /(<[^>]*>)/;
/** Text inside these stays as it is. */
const VERBATIM = new Set(["a", "code", "pre"]);

export function rewriteHtmlText(html: string, rewrite: (text: string) => string): string {
  const depth = new Map<string, number>();
  const inside = () => [...depth.values()].some((n) => n > 0);
  return html
    .split(TAG)
    .map((part) => {
      if (part.startsWith("<")) {
        const tag = /^<\s*(\/?)\s*([a-z0-9]+)/i.exec(part);
        if (tag && VERBATIM.has(tag[2].toLowerCase()) && !part.endsWith("/>")) {
          const name = tag[2].toLowerCase();
          depth.set(name, Math.max(0, (depth.get(name) ?? 0) + (tag[1] ? -1 : 1)));
        }
        return part;
      }
      return inside() ? part : rewrite(part);
    })
    .join("");
}
