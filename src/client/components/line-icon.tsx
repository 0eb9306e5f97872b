import type { ReactNode } from 'react';

/** A line icon on a 24-unit grid, drawn in the text colour with round ends (inside a ThemeIcon, a button, a list); decorative, so hidden from screen readers. */
export function LineIcon({ size = 30, strokeWidth = 2, children }: { size?: number; strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number; strokeWidth?: number };

/** An envelope: an e-mail was sent, or a link from one. */
export function EnvelopeIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </LineIcon>
  );
}

/** A tick: done, included. */
export function TickIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M20 6 9 17l-5-5" />
    </LineIcon>
  );
}

/** A cross: failed. */
export function CrossIcon(props: IconProps) {
  return (
    <LineIcon {...props}>
      <path d="M18 6 6 18M6 6l12 12" />
    </LineIcon>
  );
}
