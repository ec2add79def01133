import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

/** next-auth's own routes (/api/auth/session, /csrf, /signout ...), so its client helpers and getServerSession work. */
const handler = NextAuth(authOptions);

export { handler as GET, handler as POST };
