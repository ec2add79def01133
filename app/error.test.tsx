/** @jest-environment jsdom */
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import RouteError from "@/app/error";
import { ErrorScreen } from "@/components/ui/error-screen";

const WARNING = /This error keeps happening/;

let consoleError: jest.SpyInstance;

beforeEach(() => {
  sessionStorage.clear();
  window.history.pushState({}, "", "/");
  // The screen logs the error it shows; keep the test output quiet (and readable by assertions).
  consoleError = jest.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  consoleError.mockRestore();
});

/** One occurrence of an error at `path`: the screen mounts, counts it, and is left on screen. */
function occur(path: string) {
  cleanup();
  window.history.pushState({}, "", path);
  return render(<ErrorScreen error={new Error("boom")} reset={() => undefined} />);
}

describe("ErrorScreen (spec §2)", () => {
  it("shows the spec's heading and the three ways out", () => {
    render(<ErrorScreen error={new Error("boom")} reset={() => undefined} />);
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try Again" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go Home" }).getAttribute("href")).toBe("/");
    expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ message: "boom" }));
  });

  it("Try Again calls the reset prop", async () => {
    const reset = jest.fn();
    render(<ErrorScreen error={new Error("boom")} reset={reset} />);
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(reset).toHaveBeenCalledTimes(1);
  });

  it("Reload Page reloads the document", async () => {
    render(<ErrorScreen error={new Error("boom")} reset={() => undefined} />);
    consoleError.mockClear();
    await userEvent.click(screen.getByRole("button", { name: "Reload Page" }));
    // jsdom's location.reload() cannot be spied on (an unforgeable property); it reports a
    // navigation it does not implement through the virtual console instead, which jest routes to console.error.
    const reported = consoleError.mock.calls.flat().map((arg) => String(arg instanceof Error ? arg.message : arg));
    expect(reported.some((text) => text.includes("Not implemented: navigation"))).toBe(true);
  });

  it("shows the error's digest as a reference when Next gives one", () => {
    render(<ErrorScreen error={Object.assign(new Error("boom"), { digest: "abc123" })} reset={() => undefined} />);
    expect(screen.getByText("Reference: abc123")).toBeTruthy();
  });

  it("warns only after more than 2 repeats on the same path: the 4th occurrence is the 3rd repeat", () => {
    occur("/tasks/7");
    expect(screen.queryByText(WARNING)).toBeNull();
    occur("/tasks/7"); // repeat 1
    expect(screen.queryByText(WARNING)).toBeNull();
    occur("/tasks/7"); // repeat 2
    expect(screen.queryByText(WARNING)).toBeNull();
    occur("/tasks/7"); // repeat 3
    expect(screen.getByRole("alert").textContent).toMatch(WARNING);
    occur("/tasks/7");
    expect(screen.queryByText(WARNING)).not.toBeNull();
  });

  it("counts repeats per path", () => {
    occur("/tasks/7");
    occur("/tasks/7");
    occur("/tasks/7");
    occur("/projects");
    expect(screen.queryByText(WARNING)).toBeNull();
    occur("/projects");
    occur("/projects");
    expect(screen.queryByText(WARNING)).toBeNull();
    occur("/tasks/7");
    expect(screen.queryByText(WARNING)).not.toBeNull();
    occur("/projects");
    expect(screen.queryByText(WARNING)).not.toBeNull();
  });

  it("counts a re-render of the same occurrence once", () => {
    const { rerender } = occur("/members");
    const error = new Error("boom");
    rerender(<ErrorScreen error={error} reset={() => undefined} />);
    rerender(<ErrorScreen error={new Error("boom again")} reset={() => undefined} />);
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(sessionStorage.getItem("error-repeats:/members")).toBe("1");
  });
});

describe("app/error.tsx", () => {
  it("shows the error screen once its code has loaded, whose Try Again calls Next's retry", async () => {
    const retry = jest.fn();
    render(<RouteError error={new Error("boom")} retry={retry} />);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    await userEvent.click(await screen.findByRole("button", { name: "Try Again" }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
