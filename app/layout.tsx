import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { connection } from "next/server";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "BFS Tasks", template: "%s · BFS Tasks" },
  description: "Tasks, projects, processes and the punch clock for pet-services and memorial-services teams.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#4f46e5" };

/**
 * Geist and Geist Mono cut to Latin and Latin Extended-A (scripts/subset-fonts.sh): about a
 * third of the full fonts, which were the largest download before a phone's first paint. The
 * sans face is on every screen and is preloaded; the mono face draws only timers and codes, so
 * it is fetched when one of those appears instead of on every page load.
 */
const sans = localFont({ src: "./fonts/geist-sans-latin.woff2", variable: "--font-geist-sans", weight: "100 900" });
const mono = localFont({ src: "./fonts/geist-mono-latin.woff2", variable: "--font-geist-mono", weight: "100 900", preload: false });

/**
 * Every page renders per request (connection()): the Content-Security-Policy nonce proxy.ts makes
 * for each request must reach Next's scripts, which a prerendered page could not carry.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  await connection();
  return (
    <html lang="en" className={`${sans.variable} ${mono.variable}`}>
      <body className="min-h-dvh font-sans">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
