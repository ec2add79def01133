/**
 * "#32" typed in a comment or a description becomes a link to task 32, at render time, over HTML
 * that was sanitized when it was stored. Only text is touched: never a tag or an attribute, nor
 * text inside a link, inline code or a code block, nor a character reference such as "&#39;".
 * The link names the number, not the task: /tasks/32 redirects to the task for whoever may
 * see it and is the 404 page for everyone else, so a link leaks nothing the author did not type.
 */

const TAG = /(<[^>]*>)/;
/** A number after a start, a space or punctuation that is not part of a word, an entity or a path. */
const NUMBER = /(^|[^\w&#/])#(\d{1,10})(?![\w])/g;
/** Text inside these stays as it is. */
const VERBATIM = new Set(["a", "code", "pre"]);

export function linkTaskNumbers(html: string): string {
  if (!html.includes("#")) return html;
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
      if (inside() || !part.includes("#")) return part;
      return part.replace(NUMBER, (_, before: string, digits: string) => {
        const number = Number(digits);
        if (number < 1 || number > 2_147_483_647) return `${before}#${digits}`;
        return `${before}<a href="/tasks/${number}" data-task-number="${number}">#${digits}</a>`;
      });
    })
    .join("");
}
