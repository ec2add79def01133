import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/shell/placeholder-page";
import { betaIssuesLabel } from "@/components/shell/nav-config";
import { getSessionCaller } from "@/lib/auth/next-auth";

export async function generateMetadata(): Promise<Metadata> {
  const caller = await getSessionCaller();
  return { title: betaIssuesLabel(caller?.role) };
}

/** Sign-in required; admins see everyone's reports ("Beta Issues"), others their own ("My Beta Issues"). */
export default async function Page() {
  const caller = await getSessionCaller();
  const isAdmin = caller?.role === "admin";
  return (
    <PlaceholderPage
      title={betaIssuesLabel(caller?.role)}
      description={
        isAdmin
          ? "Every beta issue reported by the team, with its type, severity and attachments."
          : "The beta issues you reported, with their type, severity and attachments."
      }
      access="signed-in"
    />
  );
}
