/**
 * Small inline icons (no icon package in the stack); decorative, so hidden from assistive tech.
 * These are the header's, on every first load; the menus' own are in ./menu-icons.tsx.
 */
import type { SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6 9l6 6 6-6" />
    </Svg>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 5v14M5 12h14" />
    </Svg>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M9 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h3M16 17l5-5-5-5M21 12H9" />
    </Svg>
  );
}

/** The brand mark: a paw inside a soft heart-shaped badge. */
export function LogoMark(props: IconProps) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" {...props}>
      <rect width="32" height="32" rx="9" className="fill-brand-600" />
      <g className="fill-white">
        <ellipse cx="16" cy="20" rx="5.2" ry="4.3" />
        <ellipse cx="9.6" cy="14.2" rx="2.2" ry="2.7" />
        <ellipse cx="13.6" cy="10.2" rx="2.2" ry="2.8" />
        <ellipse cx="18.4" cy="10.2" rx="2.2" ry="2.8" />
        <ellipse cx="22.4" cy="14.2" rx="2.2" ry="2.7" />
      </g>
    </svg>
  );
}
