import { containsText, escapeLike } from "./contains-text";

describe("escapeLike", () => {
  it.each([
    ["%", "\\%"],
    ["_", "\\_"],
    ["50%_off\\", "50\\%\\_off\\\\"],
    ["plain words", "plain words"],
  ])("%s -> %s", (input, expected) => expect(escapeLike(input)).toBe(expected));

  it("builds an insensitive contains filter", () => expect(containsText("a%")).toEqual({ contains: "a\\%", mode: "insensitive" }));
});
