/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { COMBOBOX_OPTION_LIMIT, visibleOptions } from "./combobox-options";
import { GroupedCombobox, type ComboGroup } from "./grouped-combobox";
import { stubResizeObserver } from "@/tests/support/resize-observer";

stubResizeObserver();

const units = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ value: `${prefix}-${i}`, label: `${prefix} ${i}` }));
const big: ComboGroup[] = [
  { group: "Operations", options: units("Desk", 40) },
  { group: "Other", options: units("Unit", 2000) },
];

describe("visibleOptions", () => {
  it("renders at most the limit, in group order, and counts every match", () => {
    const { groups, matched, shown } = visibleOptions(big, "");
    expect(shown).toBe(COMBOBOX_OPTION_LIMIT);
    expect(matched).toBe(2040);
    expect(groups.map((g) => [g.group, g.options.length])).toEqual([
      ["Operations", 40],
      ["Other", 10],
    ]);
  });

  it("narrows by every typed word, across label and hidden search text", () => {
    const groups: ComboGroup[] = [{ group: "G", options: [{ value: "a", label: "Night Desk", search: "410" }, { value: "b", label: "Day Desk" }] }];
    expect(visibleOptions(groups, "desk 410").groups).toEqual([{ group: "G", options: [groups[0].options[0]] }]);
    expect(visibleOptions(groups, "nothing").matched).toBe(0);
  });
});

describe("GroupedCombobox with thousands of options", () => {
  // Headless UI settles its state in animation frames; each step lets them run inside act().
  const settle = (step: () => void) => act(async () => {
    step();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

  it("lists the first fifty and says how to find the rest", async () => {
    render(<GroupedCombobox aria-label="Units" value={null} onChange={() => undefined} groups={big} placeholder="Add a unit…" />);
    await settle(() => fireEvent.click(screen.getByRole("button", { name: "Show options" })));
    expect(screen.getAllByRole("option")).toHaveLength(COMBOBOX_OPTION_LIMIT);
    expect(screen.getByText("Showing 50 of 2,040. Type to narrow the list.")).toBeTruthy();
    await settle(() => fireEvent.change(screen.getByRole("combobox", { name: "Units" }), { target: { value: "Unit 1999" } }));
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Unit 1999"]);
    expect(screen.queryByText(/Type to narrow/)).toBeNull();
  });
});
