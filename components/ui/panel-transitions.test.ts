import { sourceFiles } from "@/tests/support/source-files";

/**
 * Headless UI's `transition` prop (2.2.x) deadlocks when a panel is closed during its enter
 * transition (tailwindlabs/headlessui#3892): a menu opened and closed within ~150 ms stayed
 * mounted, invisible (data-enter data-closed), and caught every click over its area. Panels
 * here enter with CSS `@starting-style` (Tailwind's `starting:` variant) and leave at once, so
 * no Headless UI component may carry the prop.
 */
const HEADLESS_PANELS = /<(Dialog\w*|Menu\w*|Popover\w*|Listbox\w*|Combobox\w*|Transition\w*|Disclosure\w*)\b([^>]*)>/g;

describe("Headless UI panels", () => {
  it("never use Headless UI's transition prop", () => {
    const offenders: string[] = [];
    for (const { file, text } of sourceFiles("components", "app")) {
      for (const [, name, props] of text.matchAll(HEADLESS_PANELS)) {
        const withoutStrings = props.replace(/"[^"]*"|`[^`]*`|'[^']*'/g, "");
        if (/(^|\s)transition(\s|=|\/|$)/.test(withoutStrings)) offenders.push(`${file}: <${name}>`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
