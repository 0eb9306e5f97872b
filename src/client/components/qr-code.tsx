import { encode } from 'uqr';

/**
 * A QR code drawn in the browser as one SVG path (no network call, no canvas): dark modules on white with the
 * quiet zone scanners need, crisp at any size. Medium error correction survives a scratched phone screen.
 */
export function QrCode({ value, size, label }: { value: string; size: number; label: string }) {
  const { data, size: modules } = encode(value, { ecc: 'M', border: 4 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      style={{ display: 'block', background: '#fff' }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
