import { twMerge } from "tailwind-merge";
import { buttonClasses } from "./button";
import { BUTTON_SIZES, BUTTON_VARIANTS, buttonLook, type ButtonSize, type ButtonVariant } from "./button-look";

const variants = Object.keys(BUTTON_VARIANTS) as ButtonVariant[];
const sizes = Object.keys(BUTTON_SIZES) as ButtonSize[];

describe("buttonLook", () => {
  // The error boundaries use the look without cn: that is only right while nothing in it conflicts.
  it.each(variants.flatMap((variant) => sizes.map((size) => [variant, size] as const)))("%s %s sets nothing twice", (variant, size) => {
    const look = buttonLook(variant, size);
    expect(twMerge(look)).toBe(look);
    expect(buttonClasses({ variant, size })).toBe(look);
  });

  it("defaults to the primary, medium button", () => {
    expect(buttonLook()).toBe(buttonLook("primary", "md"));
  });

  it("lets a caller's className override the look through buttonClasses", () => {
    expect(buttonClasses({ size: "sm", className: "px-2 w-full" })).toBe(buttonLook("primary", "sm").replace(" px-3", "") + " px-2 w-full");
  });
});
