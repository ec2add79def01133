import { deviceTimeZone } from "@/lib/dates/viewer";
import type { BetaEnvironment } from "@/lib/validations/beta-issues";

export type CapturedEnvironment = BetaEnvironment;

/** What the dialog attaches about where the problem was seen (spec: page URL, browser, screen). */
export function captureEnvironment(): CapturedEnvironment {
  return {
    pageUrl: window.location.href.slice(0, 2000),
    userAgent: navigator.userAgent.slice(0, 1000),
    screen: `${window.screen.width}×${window.screen.height}`,
    viewport: `${window.innerWidth}×${window.innerHeight}`,
    pixelRatio: Math.round(window.devicePixelRatio * 100) / 100,
    language: navigator.language,
    timeZone: deviceTimeZone(),
    platform: navigator.platform || undefined,
  };
}

/** "Chrome 140 on Linux" from a user agent; good enough to read at a glance. */
export function describeBrowser(userAgent: string | null | undefined): string {
  if (!userAgent) return "an unknown browser";
  const pick = (re: RegExp, name: string) => {
    const m = re.exec(userAgent);
    return m ? `${name} ${m[1]}` : null;
  };
  const browser =
    pick(/Edg\/(\d+)/, "Edge") ??
    pick(/OPR\/(\d+)/, "Opera") ??
    pick(/Firefox\/(\d+)/, "Firefox") ??
    pick(/(?:Chrome|CriOS)\/(\d+)/, "Chrome") ??
    pick(/Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/, "Safari") ??
    "a browser";
  const os = /iPhone|iPad/.test(userAgent)
    ? "iOS"
    : /Android/.test(userAgent)
      ? "Android"
      : /Windows/.test(userAgent)
        ? "Windows"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux|X11/.test(userAgent)
            ? "Linux"
            : null;
  return os ? `${browser} on ${os}` : browser;
}

export function describeEnvironment(env: CapturedEnvironment): string {
  let page = env.pageUrl ?? "";
  try {
    const url = new URL(page);
    page = url.pathname + url.search;
  } catch {
    // keep it as it is
  }
  return [page && `page ${page}`, describeBrowser(env.userAgent), env.screen && `screen ${env.screen}`].filter(Boolean).join(", ");
}
