/** @jest-environment jsdom */
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { OfflineEntry } from "@/lib/offline/queue";
import { QueueRefusals } from "./queue-refusals";

afterEach(cleanup);

const entry = (id: string, error: string, target?: string): OfflineEntry =>
  ({ id, kind: target ? "case-scan" : "punch-in", target, owner: null, attempts: 0, error }) as unknown as OfflineEntry;

describe("QueueRefusals", () => {
  it("shows nothing while the server has refused nothing", () => {
    const { container } = render(<QueueRefusals failed={[]} onDismiss={() => undefined} />);
    expect(container.innerHTML).toBe("");
  });

  it("lists each refusal with the server's message, and Dismiss clears them", () => {
    const onDismiss = jest.fn();
    render(<QueueRefusals failed={[entry("a", "Already punched in"), entry("b", "Not punched in")]} onDismiss={onDismiss} />);
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Not recorded:");
    expect(within(alert).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["Already punched in", "Not punched in"]);
    fireEvent.click(within(alert).getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });

  it("names an entry the way the screen describes it", () => {
    render(<QueueRefusals failed={[entry("c", "Wrong station", "C-2026-0007")]} onDismiss={() => undefined} describe={(e) => `${e.target}: ${e.error}`} />);
    expect(screen.getByRole("listitem").textContent).toBe("C-2026-0007: Wrong station");
  });
});
