import type { Metadata } from "next";
import { PunchPostsScreen } from "@/components/punch/punch-posts-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Punch posts" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requirePagePermission("punch.posts.manage");
  return <PunchPostsScreen />;
}
