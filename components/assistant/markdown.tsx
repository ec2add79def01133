"use client";

import Link from "next/link";
import ReactMarkdown, { type Components } from "react-markdown";

/** Only these link targets are rendered as links: the app's own paths, http(s) and mailto. */
function safeHref(href: string | undefined): string | null {
  if (!href) return null;
  if (href.startsWith("/") && !href.startsWith("//")) return href;
  return /^(https?:|mailto:)/i.test(href) ? href : null;
}

const components: Components = {
  p: ({ children }) => <p className="mb-2 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="mb-2 list-disc space-y-1 pl-5 last:mb-0">{children}</ul>,
  ol: ({ children }) => <ol className="mb-2 list-decimal space-y-1 pl-5 last:mb-0">{children}</ol>,
  h1: ({ children }) => <p className="mb-2 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="mb-2 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="mb-2 font-semibold">{children}</p>,
  code: ({ children }) => <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">{children}</code>,
  pre: ({ children }) => <pre className="mb-2 overflow-x-auto rounded bg-slate-100 p-2 text-xs">{children}</pre>,
  table: ({ children }) => (
    <div className="mb-2 overflow-x-auto">
      <table className="text-left text-xs">{children}</table>
    </div>
  ),
  th: ({ children }) => <th className="border-b border-slate-200 px-2 py-1 font-semibold">{children}</th>,
  td: ({ children }) => <td className="border-b border-slate-100 px-2 py-1">{children}</td>,
  img: ({ alt }) => <span>{alt}</span>,
  a: ({ href, children }) => {
    const safe = safeHref(href);
    if (!safe) return <span>{children}</span>;
    const cls = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-600";
    return safe.startsWith("/") ? (
      <Link href={safe} className={cls}>
        {children}
      </Link>
    ) : (
      <a href={safe} className={cls} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
};

/** A reply's markdown, rendered safely: raw HTML is dropped (skipHtml), images become their alt text. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="break-words">
      <ReactMarkdown skipHtml components={components}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
