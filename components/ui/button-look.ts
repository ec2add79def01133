/**
 * The button look as one class string. Nothing in it sets the same thing twice, so it needs no
 * merging (button-look.test.ts pins that): `buttonClasses` merges a caller's className into it
 * with `cn`, and the error boundaries, which every page loads, use it alone and stay free of
 * `cn` (each boundary is its own chunk and would carry its own copy).
 */
const BASE =
  "inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 " +
  "disabled:pointer-events-none disabled:opacity-50";

export const BUTTON_VARIANTS = {
  primary: "bg-indigo-600 text-white shadow-xs hover:bg-indigo-500",
  secondary: "bg-white text-slate-900 shadow-xs ring-1 ring-slate-300 ring-inset hover:bg-slate-50",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  destructive: "bg-red-600 text-white shadow-xs hover:bg-red-500",
} as const;

export const BUTTON_SIZES = {
  sm: "h-8 px-3 text-sm",
  md: "h-10 px-4 text-sm",
  lg: "h-11 px-5 text-base",
  icon: "size-10",
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

export function buttonLook(variant: ButtonVariant = "primary", size: ButtonSize = "md"): string {
  return `${BASE} ${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}`;
}
