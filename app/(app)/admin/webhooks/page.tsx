import type { Metadata } from "next";
import { WebhooksScreen } from "@/components/webhooks/webhooks-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "Webhooks" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requirePagePermission("webhooks.manage");
  return <WebhooksScreen />;
}
