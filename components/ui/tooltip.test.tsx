/** @jest-environment jsdom */
import { act, cleanup, createEvent, fireEvent, render, screen } from "@testing-library/react";
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "@/lib/constants";
import { Tooltip } from "./tooltip";
import { stubResizeObserver } from "@/tests/support/resize-observer";

stubResizeObserver();

// Tooltips share one app-wide skip-delay clock: each test starts a minute after the last one ended.
let clock = Date.now();

// The bubble's code loads the first time a tooltip opens (./tooltip-popup.tsx); from then on it
// opens within the same update, which the delay tests below time to the millisecond.
beforeAll(async () => {
  render(
    <Tooltip content="Warm up">
      <button type="button">Warm up</button>
    </Tooltip>,
  );
  fireEvent.focus(screen.getByRole("button", { name: "Warm up" }));
  expect((await screen.findByRole("tooltip")).textContent).toBe("Warm up");
  fireEvent.keyDown(document, { key: "Escape" });
  cleanup();
});

beforeEach(() => {
  jest.useFakeTimers({ now: (clock += 60_000) });
  render(
    <>
      <Tooltip content="Edit this task">
        <button type="button">Edit</button>
      </Tooltip>
      <Tooltip content="Delete this task">
        <button type="button">Delete</button>
      </Tooltip>
    </>,
  );
});

afterEach(() => {
  cleanup();
  clock = Date.now();
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

  it("describes its trigger while open, and only then", () => {
    const edit = screen.getByRole("button", { name: "Edit" });
    expect(edit.getAttribute("aria-describedby")).toBeNull();
    act(() => edit.focus());
    expect(edit.getAttribute("aria-describedby")).toBe(tooltip()?.id);
    act(() => edit.blur());
    expect(tooltip()).toBeNull();
    expect(edit.getAttribute("aria-describedby")).toBeNull();
  });

  it("never opens for touch, and a press closes it", () => {
    // jsdom has no PointerEvent, so the pointer type is set on the event by hand.
    const touch = createEvent.pointerMove(screen.getByRole("button", { name: "Edit" }));
    Object.defineProperty(touch, "pointerType", { value: "touch" });
    fireEvent(screen.getByRole("button", { name: "Edit" }), touch);
    advance(1000);
    expect(tooltip()).toBeNull();
    hover("Edit");
    advance(700);
    expect(tooltip()).not.toBeNull();
    fireEvent.pointerDown(screen.getByRole("button", { name: "Edit" }), { pointerType: "mouse" });
    expect(tooltip()).toBeNull();
  });

  it("shows one at a time", () => {
    act(() => screen.getByRole("button", { name: "Edit" }).focus());
    hover("Delete");
    expect(screen.getAllByRole("tooltip").map((t) => t.textContent)).toEqual(["Delete this task"]);
  });

  it("keeps the trigger's own ref and handlers", () => {
    cleanup();
    const onClick = jest.fn();
    const ref = { current: null as HTMLButtonElement | null };
    render(
      <Tooltip content="Save">
        <button type="button" ref={ref} onClick={onClick}>
          S
        </button>
      </Tooltip>,
    );
    fireEvent.click(screen.getByRole("button", { name: "S" }));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(ref.current).toBe(screen.getByRole("button", { name: "S" }));
  });
});
