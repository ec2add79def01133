/** @jest-environment jsdom */
import { cleanup, render, screen } from "@testing-library/react";

afterEach(cleanup);

describe("LazyErrorScreen", () => {
  it("offers a reload when the error screen's code cannot download (the connection is lost)", async () => {
    jest.doMock("./error-screen", () => {
      throw new Error("Failed to load chunk");
    });
    const { LazyErrorScreen } = await import("./lazy-error-screen");
    render(<LazyErrorScreen error={new Error("boom")} reset={() => undefined} />);
    expect(await screen.findByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reload Page" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
  });
});
