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
});
