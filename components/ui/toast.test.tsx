/** @jest-environment jsdom */
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { ApiError, getFriendlyError } from "@/lib/api-client";
import { TOAST_DURATION_MS } from "@/lib/constants";
import { ToastRegion } from "./toast";
import { dismissToast, toast, toastError } from "./use-toast";

/** The toast items on screen (Radix renders each as an <li> in the viewport's list). */
function visibleToasts(): HTMLElement[] {
  const viewport = screen.getByRole("region", { name: "Notifications (F8)" });
  return Array.from(viewport.querySelectorAll<HTMLElement>("li"));
}

beforeEach(() => {
  jest.useFakeTimers();
  render(<ToastRegion />);
});

afterEach(() => {
  act(() => dismissToast());
  cleanup();
  jest.useRealTimers();
});

describe("ToastRegion (spec §9)", () => {
  it("shows a raised toast's title and description in the notifications region", () => {
    act(() => void toast({ title: "Task saved", description: "Your changes were saved." }));
    const [item] = visibleToasts();
    expect(item.textContent).toContain("Task saved");
    expect(item.textContent).toContain("Your changes were saved.");
    expect(item.className).toContain("bg-white");
  });

  it("shows only one toast when two are raised", () => {
    act(() => {
      toast({ title: "Login failed", description: "Invalid email or password" });
      toast({ title: "Login failed", description: "Too many attempts" });
    });
    const items = visibleToasts();
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain("Too many attempts");
  });

  it("a later toast replaces an earlier one that is still showing", () => {
    act(() => void toast({ title: "First" }));
    act(() => void toast({ title: "Second" }));
    const items = visibleToasts();
    expect(items).toHaveLength(1);
    expect(items[0].textContent).toContain("Second");
  });

  it("renders the destructive variant in red", () => {
    act(() => void toast({ title: "Delete failed", variant: "destructive" }));
    const [item] = visibleToasts();
    expect(item.className).toContain("bg-red-600");
    expect(item.className).not.toContain("bg-white");
  });

  it("dismisses itself after 5000 ms, not before", () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => void toast({ title: "Punched In" }));
    act(() => void jest.advanceTimersByTime(4900));
    expect(visibleToasts()).toHaveLength(1);
    act(() => void jest.advanceTimersByTime(100));
    expect(visibleToasts()).toHaveLength(0);
  });

  it("a replacing toast gets its own full 5000 ms", () => {
    act(() => void toast({ title: "First" }));
    act(() => void jest.advanceTimersByTime(3000));
    act(() => void toast({ title: "Second" }));
    act(() => void jest.advanceTimersByTime(3000));
    expect(visibleToasts()[0]?.textContent).toContain("Second");
    act(() => void jest.advanceTimersByTime(2000));
    expect(visibleToasts()).toHaveLength(0);
  });

  it("closes with its Close button", () => {
    act(() => void toast({ title: "Closable" }));
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(visibleToasts()).toHaveLength(0);
  });

  it("toastError shows the friendly title of lib/api-client as a destructive toast", async () => {
    const error = new ApiError(403, "Admins only");
    const friendly = getFriendlyError(error);
    expect(friendly.title).toBe("Permission Denied");
    await act(() => toastError(error));
    const [item] = visibleToasts();
    expect(item.textContent).toContain(friendly.title);
    expect(item.textContent).toContain(friendly.description);
    expect(item.className).toContain("bg-red-600");
  });

  it("toastError turns a fetch failure into Connection Lost at once (no module to load without a connection)", () => {
    act(() => void toastError(new TypeError("Failed to fetch")));
    expect(visibleToasts()[0].textContent).toContain("Connection Lost");
  });

  it("F8 moves focus into the notifications region", () => {
    act(() => void toast({ title: "Focus me" }));
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    const region = screen.getByRole("region", { name: "Notifications (F8)" });
    expect(region.contains(document.activeElement)).toBe(true);
  });
});
