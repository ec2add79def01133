import type { Metadata } from "next";
import { ApiKeysScreen } from "@/components/api-keys/api-keys-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";
import { listActingMemberOptions } from "@/lib/services/api-keys/list-acting-members";

export const metadata: Metadata = { title: "API Management" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requirePagePermission("api-keys.manage");
  return <ApiKeysScreen members={await listActingMemberOptions()} />;
}
