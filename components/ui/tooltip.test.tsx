/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/constants";
import { Tooltip, TooltipProvider } from "./tooltip";
import { stubResizeObserver } from "@/tests/support/resize-observer";

stubResizeObserver();

beforeEach(() => {
  jest.useFakeTimers();
  render(
    <TooltipProvider>
      <Tooltip content="Edit this task">
        <button type="button">Edit</button>
      </Tooltip>
      <Tooltip content="Delete this task">
        <button type="button">Delete</button>
      </Tooltip>
    </TooltipProvider>,
  );
});

afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

const advance = (ms: number) => act(() => void jest.advanceTimersByTime(ms));
const hover = (name: string) => fireEvent.pointerMove(screen.getByRole("button", { name }), { pointerType: "mouse" });
const leave = (name: string) => fireEvent.pointerLeave(screen.getByRole("button", { name }), { pointerType: "mouse" });
/** Closes the open tooltip (a pointer leaving an open one needs real layout, which jsdom has not). */
const close = () => fireEvent.keyDown(document, { key: "Escape" });
const tooltip = () => screen.queryByRole("tooltip");

describe("Tooltip (spec §9)", () => {
  it("uses the spec's delays", () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });

  it("opens after 700 ms of hovering, not before", () => {
    hover("Edit");
    advance(699);
    expect(tooltip()).toBeNull();
    advance(1);
    expect(tooltip()?.textContent).toBe("Edit this task");
  });

  it("does not open when the pointer leaves before the delay", () => {
    hover("Edit");
    advance(500);
    leave("Edit");
    advance(1000);
    expect(tooltip()).toBeNull();
  });

  it("opens the next tooltip at once within the 300 ms skip delay, and with the delay again after it", () => {
    hover("Edit");
    advance(700);
    expect(tooltip()?.textContent).toBe("Edit this task");

    close();
    leave("Edit");
    expect(tooltip()).toBeNull();
    advance(TOOLTIP_SKIP_DELAY_MS - 50);
    hover("Delete");
    expect(tooltip()?.textContent).toBe("Delete this task");

    close();
    leave("Delete");
    advance(TOOLTIP_SKIP_DELAY_MS + 50);
    hover("Edit");
    expect(tooltip()).toBeNull();
    advance(700);
    expect(tooltip()?.textContent).toBe("Edit this task");
  });

  it("opens at once for keyboard focus", () => {
    act(() => screen.getByRole("button", { name: "Delete" }).focus());
    expect(tooltip()?.textContent).toBe("Delete this task");
  });
});
