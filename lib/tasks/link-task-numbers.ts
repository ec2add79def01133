/**
 * "#32" typed in a comment or a description becomes a link to task 32, at render time, over HTML
 * that was sanitized when it was stored. Only text is touched: never a tag or an attribute, nor
 * text inside a link, inline code or a code block, nor a character reference such as "&#39;".
 * The link names the number, not the task: /tasks/32 redirects to the task for whoever may
 * see it and is the 404 page for everyone else, so a link leaks nothing the author did not type.
 */

import { rewriteHtmlText } from "./rewrite-html-text";

/** A number after a start, a space or punctuation that is not part of a word, an entity or a path. */
const NUMBER = /(^|[^\w&#/])#(\d{1,10})(?![\w])/g;

export function linkTaskNumbers(html: string): string {
  if (!html.includes("#")) return html;
  return rewriteHtmlText(html, (text) =>
    !text.includes("#")
      ? text
      : text.replace(NUMBER, (_, before: string, digits: string) => {
          const number = Number(digits);
          if (number < 1 || number > 2_147_483_647) return `${before}#${digits}`;
          return `${before}<a href="/tasks/${number}" data-task-number="${number}">#${digits}</a>`;
        }),
  );
}
