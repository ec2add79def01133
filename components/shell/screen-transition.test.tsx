/** @jest-environment jsdom */
import { render, screen } from "@testing-library/react";
import { ScreenTransition } from "./screen-transition";

let pathname = "/";
jest.mock("next/navigation", () => ({ usePathname: () => pathname }));

describe("ScreenTransition", () => {
  it("does not animate the page the browser loaded, then animates every screen moved to, the first one included", () => {
    pathname = "/";
    const { rerender } = render(<ScreenTransition>Tasks</ScreenTransition>);
    expect(screen.getByTestId("screen").className).toBe("");

    pathname = "/scoreboard";
    rerender(<ScreenTransition>Scoreboard</ScreenTransition>);
    expect(screen.getByTestId("screen").className).toBe("screen-transition");

    pathname = "/";
    rerender(<ScreenTransition>Tasks again</ScreenTransition>);
    expect(screen.getByTestId("screen").className).toBe("screen-transition");
  });

  it("keeps the frame's own classes, with the animation added once the visitor moves", () => {
    pathname = "/";
    const { unmount } = render(<ScreenTransition className="flex flex-1 flex-col">Sign in</ScreenTransition>);
    expect(screen.getByTestId("screen").className).toBe("flex flex-1 flex-col");

    // Each signed-out page mounts its own frame: a new instance on a new path still animates.
    unmount();
    pathname = "/reset-password";
    render(<ScreenTransition className="flex flex-1 flex-col">Reset your password</ScreenTransition>);
    expect(screen.getByTestId("screen").className).toBe("screen-transition flex flex-1 flex-col");
  });
});
