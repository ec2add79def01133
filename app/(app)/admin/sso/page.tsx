import type { Metadata } from "next";
import { SsoSettingsScreen } from "@/components/sso/sso-settings-screen";
import { requirePagePermission } from "@/lib/auth/page-guards";
import { getSsoSettings, listBreakGlassCandidates } from "@/lib/services/auth/sso/settings";

export const metadata: Metadata = { title: "Single sign-on" };

/** Admin only: proxy.ts redirects non-admins to /, and so does this server check. */
export default async function Page() {
  await requirePagePermission("sso.manage");
  const [settings, admins] = await Promise.all([getSsoSettings(), listBreakGlassCandidates()]);
  return <SsoSettingsScreen initial={settings} admins={admins} />;
}
