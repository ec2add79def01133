/**
 * Postgres NOTICEs of every pool connection (createPool), handed to whoever registered: the
 * member-version triggers' notice tells the writing process, before its write returns, which
 * cached answers to forget (lib/cache/member-versions.ts). No "server-only": scripts build pools too.
 */
type NoticeHandler = (notice: { message?: string }) => void;

const globalForNotices = globalThis as unknown as { bfsNoticeHandlers?: Set<NoticeHandler> };
const handlers = (globalForNotices.bfsNoticeHandlers ??= new Set());

export function onDatabaseNotice(handler: NoticeHandler): void {
  handlers.add(handler);
}

export function dispatchNotice(notice: { message?: string }): void {
  for (const handler of handlers) handler(notice);
}
