import type { Metadata, Viewport } from "next";
import { GeistMono } from "geist/font/mono";
import { GeistSans } from "geist/font/sans";
import { connection } from "next/server";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "BFS Tasks", template: "%s · BFS Tasks" },
  description: "Tasks, projects, processes and the punch clock for pet-services and memorial-services teams.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

/**
 * Every page renders per request (connection()): the Content-Security-Policy nonce proxy.ts makes
 * for each request must reach Next's scripts, which a prerendered page could not carry (issue 10).
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en" className={`${GeistSans.variable} ${GeistMono.variable}`}>
      <body className="min-h-dvh font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
