import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export type AxeFinding = { rule: string; impact: "serious" | "critical"; targets: string[] };

/**
 * Waits until no transition is under way: Headless UI marks a transitioning element with
 * `data-transition`, and CSS transitions and finite animations show in `getAnimations()`.
 * axe measures colours as painted; a dialog fading in reads as low contrast.
 */
export async function settleTransitions(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () =>
        !document.querySelector("[data-transition]") &&
        document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 10_000 },
    );
  } catch (error) {
    // Say what is still moving, so a timeout here can be traced to its element.
    const moving = await page.evaluate(() => {
      const describe = (el: Element | null | undefined) => (el ? `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">` : "?");
      return [
        ...[...document.querySelectorAll("[data-transition]")].map((el) => `data-transition: ${describe(el)}`),
        ...document
          .getAnimations()
          .filter((a) => a.playState === "running" && a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => `${a.constructor.name} ${(a as CSSTransition).transitionProperty ?? ""}: ${describe((a.effect as KeyframeEffect | null)?.target as Element | null)}`),
      ];
    });
    throw new Error(`Transitions did not settle in 10 s: ${moving.join("; ") || "nothing moving any more"}`, { cause: error });
  }
}

/** The serious and critical axe violations of WCAG 2.0-2.2 A/AA on the page as it now stands, transitions done (docs/testing.md). */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  await settleTransitions(page);
  // Only violations are collected (passes and incomplete cost time on big screens). Legacy mode is
  // axe.run in the page itself: the default runs each frame's part, then opens a blank page,
  // loads axe there a second time and finishes the run in it, which made the accessibility spec
  // 36 % slower (docs/testing.md). It leaves out cross-origin frames only; this app has none.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ resultTypes: ["violations"] })
    .setLegacyMode()
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ rule: v.id, impact: v.impact as AxeFinding["impact"], targets: v.nodes.slice(0, 3).map((n) => n.target.join(" ")) }));
}
