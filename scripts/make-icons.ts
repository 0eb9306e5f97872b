// Draws the home-screen icons of the installable site from the club mark (run once after changing it):
// `npx tsx scripts/make-icons.ts` writes src/client/public/icons/*.png.
import path from 'node:path';
import sharp from 'sharp';

const dir = path.resolve('src/client/public/icons');
const fish = '<path d="M12 34c8-10 22-12 32-4l8-6v20l-8-6c-10 8-24 6-32-4z" fill="#fff"/><circle cx="22" cy="32" r="2.5" fill="#1971c2"/>';
// "any": the rounded tile of the favicon. "maskable": full bleed, the fish inside the 80% safe zone.
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1971c2"/>${fish}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1971c2"/><g transform="translate(9.6 9.6) scale(0.7)">${fish}</g></svg>`;

for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
] as const) {
  await sharp(Buffer.from(svg), { density: 72 * (size / 64) })
    .resize(size, size)
    .png()
    .toFile(path.join(dir, name));
  console.log(`wrote ${name}`);
}
