import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DiscussionScreen } from "@/components/assistant/discussion-screen";
import { requireSignedInPage } from "@/lib/auth/page-guards";
import { AppError } from "@/lib/http/app-error";
import { getChatSession } from "@/lib/services/assistant/get-chat-session";
import type { ChatSessionDetail } from "@/lib/validations/assistant";

export const metadata: Metadata = { title: "AI Assistant Discussion" };

/**
 * Sign-in required (app/(app)/layout.tsx and proxy.ts). The full-page conversation: one of the
 * caller's own discussions (anyone else's, or a missing one, is the 404 page), or "new".
 */
export default async function Page({ params }: { params: Promise<{ discussionId: string }> }) {
  const { discussionId } = await params;
  const caller = await requireSignedInPage();
  let session: ChatSessionDetail | null = null;
  if (discussionId !== "new") {
    try {
      session = await getChatSession(caller, discussionId);
    } catch (error) {
      if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
      throw error;
    }
  }
  return <DiscussionScreen key={session?.id ?? "new"} session={session} />;
}
