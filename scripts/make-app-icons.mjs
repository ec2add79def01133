// Draws the web app manifest's icons (public/icons/*.png) from app/icon.svg with sharp.
// Run after changing the icon: `node scripts/make-app-icons.mjs`; the PNGs are committed.
// "any" icons are the SVG as it is (rounded square); "maskable" ones fill the whole square with
// the brand colour and keep the paw inside the central 80% safe zone, since the phone crops them.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const svg = await readFile(path.join(root, "app/icon.svg"), "utf8");
const BRAND = "#4f46e5";

const paw = svg.match(/<g[\s\S]*<\/g>/)?.[0];
if (!paw) throw new Error("app/icon.svg has no <g> with the paw");
// The paw spans about 24 of 32 units; scaled by 0.8 around the centre it sits in the safe zone.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><g transform="translate(16 16) scale(0.8) translate(-16 -16)">${paw}</g></svg>`;

for (const size of [192, 512]) {
  const any = await sharp(Buffer.from(svg), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(root, `public/icons/icon-${size}.png`), any);
  const mask = await sharp(Buffer.from(maskable), { density: (72 * size) / 32 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(root, `public/icons/maskable-${size}.png`), mask);
  console.log(`public/icons/icon-${size}.png, maskable-${size}.png`);
}
