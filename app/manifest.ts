import type { MetadataRoute } from "next";

/**
 * The web app manifest (/manifest.webmanifest): "Add to Home Screen" installs BFS Tasks as its
 * own window. The icons are drawn from app/icon.svg by scripts/make-app-icons.mjs.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "BFS Tasks",
    short_name: "BFS Tasks",
    description: "Tasks, punch clock and time for the team.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [{ name: "Mobile Punch", short_name: "Punch", url: "/mobile-punch", icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] }],
  };
}
