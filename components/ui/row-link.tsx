import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * The link a list repeats on every row (a task, a case, a member ...). Next prefetches every
 * <Link> that scrolls into view. Every page here is dynamic (the session, the CSP nonce) and none
 * has a loading.js, so such a prefetch is one server render of the shared layout per visible row,
 * and the click fetches the page anyway: on the demo dashboard that was 11-16 renders per view and
 * no faster a click (docs/performance.md). The header's main pages are still pre-loaded once per
 * sign-in (components/shell/prefetch-main-pages.tsx, spec §2).
 */
export function RowLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
