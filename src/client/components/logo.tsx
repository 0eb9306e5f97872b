import { LineIcon } from './line-icon';

/** The club's mark: its logo when it gave one, else a fish in a rounded square (inline SVG, no icon library). */
export function ClubMark({ size = 32, logoUrl = '' }: { size?: number; logoUrl?: string }) {
  if (logoUrl) return <img src={logoUrl} alt="" width={size} height={size} style={{ objectFit: 'contain', flex: 'none' }} />;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="var(--mantine-color-blue-8)" />
      <path d="M12 34c8-10 22-12 32-4l8-6v20l-8-6c-10 8-24 6-32-4z" fill="#fff" />
      <circle cx="22" cy="32" r="2.5" fill="var(--mantine-color-blue-8)" />
    </svg>
  );
}

export function ChevronDown({ size = 14 }: { size?: number }) {
  return (
    <LineIcon size={size} strokeWidth={2.5}>
      <path d="m6 9 6 6 6-6" />
    </LineIcon>
  );
}
