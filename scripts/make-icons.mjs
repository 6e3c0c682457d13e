// Generates every icon, iOS splash screen and store screenshot from manifest/icon.svg with sharp,
// and rewrites the generated splash <link> block of index.html. Run: `node scripts/make-icons.mjs`.
// The outputs are committed (public/icons, public/splash, public/screenshots, public/favicon.svg),
// so this only needs re-running when the artwork or the device list changes.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Buffer } from 'node:buffer';
import process from 'node:process';
import * as prettier from 'prettier';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(root, 'public');
const PRIMARY = '#7a2e1f';
const CREAM = '#fbf7f0';
const INK = '#2b211c';
// DejaVu ships with Debian; the names after it keep the text legible where it is missing.
const SERIF = "'DejaVu Serif', Georgia, 'Times New Roman', serif";
const SANS = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

/** Sizes Android (48–512, launcher densities) and desktop Chromium ask for. */
export const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];
export const MASKABLE_SIZES = [192, 512];

/**
 * iOS only shows a launch image whose media query matches the device exactly (CSS size, pixel ratio,
 * orientation). Phones are portrait-only in practice; iPads are used both ways.
 */
export const SPLASH_DEVICES = [
  { name: 'iPhone 16 Pro Max', width: 440, height: 956, ratio: 3 },
  { name: 'iPhone 16 Pro', width: 402, height: 874, ratio: 3 },
  { name: 'iPhone 15 Pro Max, 15 Plus, 14 Pro Max', width: 430, height: 932, ratio: 3 },
  { name: 'iPhone 15, 15 Pro, 14 Pro', width: 393, height: 852, ratio: 3 },
  { name: 'iPhone 14 Plus, 13 Pro Max, 12 Pro Max', width: 428, height: 926, ratio: 3 },
  { name: 'iPhone 14, 13, 13 Pro, 12, 12 Pro', width: 390, height: 844, ratio: 3 },
  { name: 'iPhone 13 mini, 12 mini, 11 Pro, XS, X', width: 375, height: 812, ratio: 3 },
  { name: 'iPhone 11 Pro Max, XS Max', width: 414, height: 896, ratio: 3 },
  { name: 'iPhone 11, XR', width: 414, height: 896, ratio: 2 },
  { name: 'iPhone 8 Plus', width: 414, height: 736, ratio: 3 },
  { name: 'iPhone SE, 8', width: 375, height: 667, ratio: 2 },
  { name: 'iPad Pro 12.9"', width: 1024, height: 1366, ratio: 2, landscape: true },
  { name: 'iPad Pro 11", iPad Air 11"', width: 834, height: 1194, ratio: 2, landscape: true },
  { name: 'iPad Air 10.9", iPad 10th gen', width: 820, height: 1180, ratio: 2, landscape: true },
  { name: 'iPad 10.2"', width: 810, height: 1080, ratio: 2, landscape: true },
  { name: 'iPad mini 8.3"', width: 744, height: 1133, ratio: 2, landscape: true },
];

function extract(svg, id) {
  const match = svg.match(new RegExp(`<g id="${id}">([\\s\\S]*?)</g>\\s*</svg>`));
  if (!match) throw new Error(`manifest/icon.svg has no <g id="${id}"> as its last element`);
  return match[1];
}

/** The book glyph alone, scaled about the centre of a 512 box: maskable and Apple icons need a margin. */
function glyphSvg(glyph, scale) {
  const offset = (512 * (1 - scale)) / 2;
  return `<g transform="translate(${offset} ${offset}) scale(${scale})">${glyph}</g>`;
}

function fullBleed(glyph, scale) {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <rect width="512" height="512" fill="${PRIMARY}"/>${glyphSvg(glyph, scale)}</svg>`;
}

async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: Math.max(72, (72 * size) / 512) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
}

function splashSvg(glyph, width, height) {
  const tile = Math.round(Math.min(width, height) * 0.28);
  const x = (width - tile) / 2;
  const y = (height - tile) / 2 - tile * 0.25;
  const fontSize = Math.round(tile * 0.22);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${CREAM}"/>
  <svg x="${x}" y="${y}" width="${tile}" height="${tile}" viewBox="0 0 512 512">
    <rect x="16" y="16" width="480" height="480" rx="104" fill="${PRIMARY}"/>${glyph}
  </svg>
  <text x="${width / 2}" y="${y + tile + fontSize * 1.8}" text-anchor="middle" font-family="${SERIF}"
    font-size="${fontSize}" fill="${PRIMARY}">Chapitres</text>
</svg>`;
}

/** A drawing of the home screen (stories list) for the richer install dialog of Chromium. */
function screenshotSvg(glyph, width, height) {
  const wide = width > height;
  const unit = wide ? 1 : 1.5;
  const bar = 96 * unit;
  const margin = 56 * unit;
  const columns = wide ? 3 : 1;
  const gap = 32 * unit;
  const cardWidth = (width - margin * 2 - gap * (columns - 1)) / columns;
  const cardHeight = wide ? 600 : 420;
  const stories = [
    ['Mon enfance à Lyon', 'Les étés chez ma grand-mère…'],
    ['La rencontre avec Jeanne', 'Un bal de village, en juillet 1962…'],
    ['Mon premier métier', "L'atelier de reliure de la rue Mercière…"],
  ];
  const top = bar + margin + 190 * unit;
  const cards = stories
    .map(([title, excerpt], index) => {
      const column = wide ? index : 0;
      const row = wide ? 0 : index;
      const cx = margin + column * (cardWidth + gap);
      const cy = top + row * (cardHeight + gap);
      const imageHeight = cardHeight * 0.5;
      const hue = ['#d9b48f', '#b9c4a3', '#c9a3a0'][index];
      return `<g>
    <rect x="${cx}" y="${cy}" width="${cardWidth}" height="${cardHeight}" rx="${20 * unit}" fill="#ffffff" stroke="#e4d8c6" stroke-width="3"/>
    <rect x="${cx}" y="${cy}" width="${cardWidth}" height="${imageHeight}" rx="${20 * unit}" fill="${hue}"/>
    <rect x="${cx}" y="${cy + imageHeight - 20 * unit}" width="${cardWidth}" height="${20 * unit}" fill="${hue}"/>
    <circle cx="${cx + cardWidth * 0.75}" cy="${cy + imageHeight * 0.32}" r="${imageHeight * 0.12}" fill="#f6e3b4"/>
    <path d="M${cx} ${cy + imageHeight} L${cx} ${cy + imageHeight * 0.72} Q${cx + cardWidth * 0.3} ${cy + imageHeight * 0.42} ${cx + cardWidth * 0.55} ${cy + imageHeight * 0.7} T${cx + cardWidth} ${cy + imageHeight * 0.6} L${cx + cardWidth} ${cy + imageHeight} Z" fill="#000000" fill-opacity="0.12"/>
    <text x="${cx + 28 * unit}" y="${cy + imageHeight + 62 * unit * (wide ? 1 : 0.8)}" font-family="${SERIF}" font-size="${34 * unit}" font-weight="bold" fill="${INK}">${title}</text>
    <text x="${cx + 28 * unit}" y="${cy + imageHeight + 118 * unit * (wide ? 1 : 0.75)}" font-family="${SANS}" font-size="${24 * unit}" fill="#5b4a40">${excerpt}</text>
  </g>`;
    })
    .join('\n');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <rect width="${width}" height="${height}" fill="${CREAM}"/>
  <rect width="${width}" height="${bar}" fill="${PRIMARY}"/>
  <svg x="${margin * 0.6}" y="${bar * 0.15}" width="${bar * 0.7}" height="${bar * 0.7}" viewBox="0 0 512 512">${glyph}</svg>
  <text x="${margin * 0.6 + bar * 0.85}" y="${bar * 0.64}" font-family="${SERIF}" font-size="${40 * unit}" fill="${CREAM}">Chapitres</text>
  <text x="${margin}" y="${bar + margin + 60 * unit}" font-family="${SERIF}" font-size="${56 * unit}" font-weight="bold" fill="${INK}">Mes histoires</text>
  <rect x="${margin}" y="${bar + margin + 90 * unit}" width="${330 * unit}" height="${44 * unit}" rx="${22 * unit}" fill="${PRIMARY}"/>
  <text x="${margin + 165 * unit}" y="${bar + margin + 121 * unit}" text-anchor="middle" font-family="${SANS}" font-size="${22 * unit}" fill="${CREAM}">+ Nouveau chapitre</text>
  ${cards}
</svg>`;
}

export function splashFile({ width, height, ratio }, landscape) {
  const w = (landscape ? height : width) * ratio;
  const h = (landscape ? width : height) * ratio;
  return `apple-splash-${w}x${h}.png`;
}

function splashLinks() {
  const lines = [];
  for (const device of SPLASH_DEVICES) {
    for (const landscape of device.landscape ? [false, true] : [false]) {
      const media =
        `(device-width: ${device.width}px) and (device-height: ${device.height}px) and ` +
        `(-webkit-device-pixel-ratio: ${device.ratio}) and (orientation: ${landscape ? 'landscape' : 'portrait'})`;
      lines.push(
        `    <link rel="apple-touch-startup-image" media="${media}" href="/splash/${splashFile(device, landscape)}" />`,
      );
    }
  }
  return lines.join('\n');
}

async function main() {
  const source = await readFile(join(root, 'manifest', 'icon.svg'), 'utf8');
  const glyph = extract(source, 'glyph');
  await Promise.all(
    ['icons', 'splash', 'screenshots'].map((dir) =>
      mkdir(join(publicDir, dir), { recursive: true }),
    ),
  );

  await writeFile(join(publicDir, 'favicon.svg'), source.replace(/\s*<!--[\s\S]*?-->/g, ''));
  for (const size of ANY_SIZES)
    await png(source, size, join(publicDir, 'icons', `icon-${size}.png`));
  await png(source, 32, join(publicDir, 'icons', 'favicon-32.png'));
  // Maskable: launchers crop to any shape inside the central 80 % circle, so the book is drawn at 70 %.
  for (const size of MASKABLE_SIZES)
    await png(fullBleed(glyph, 0.7), size, join(publicDir, 'icons', `maskable-${size}.png`));
  // iOS rounds the corners itself and shows transparency as black: full bleed, opaque.
  const apple = fullBleed(glyph, 0.84);
  await png(apple, 180, join(publicDir, 'icons', 'apple-touch-icon-180.png'));
  await png(apple, 180, join(publicDir, 'apple-touch-icon.png'));

  for (const device of SPLASH_DEVICES) {
    for (const landscape of device.landscape ? [false, true] : [false]) {
      const width = (landscape ? device.height : device.width) * device.ratio;
      const height = (landscape ? device.width : device.height) * device.ratio;
      await sharp(Buffer.from(splashSvg(glyph, width, height)))
        .png({ compressionLevel: 9, palette: true })
        .toFile(join(publicDir, 'splash', splashFile(device, landscape)));
    }
  }

  await sharp(Buffer.from(screenshotSvg(glyph, 1080, 1920)))
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'screenshots', 'home-narrow.png'));
  await sharp(Buffer.from(screenshotSvg(glyph, 1920, 1080)))
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'screenshots', 'home-wide.png'));

  const indexPath = join(root, 'index.html');
  const html = await readFile(indexPath, 'utf8');
  const start = '    <!-- apple-splash:start (generated by scripts/make-icons.mjs) -->';
  const end = '    <!-- apple-splash:end -->';
  const from = html.indexOf(start);
  const to = html.indexOf(end);
  if (from === -1 || to === -1)
    throw new Error('index.html lacks the apple-splash:start/end markers');
  const updated = `${html.slice(0, from)}${start}\n${splashLinks()}\n${html.slice(to)}`;
  // Formatted like the rest of the repository, so `prettier --check` stays green after a re-run.
  const options = (await prettier.resolveConfig(indexPath)) ?? {};
  await writeFile(indexPath, await prettier.format(updated, { ...options, filepath: indexPath }));
  const splashCount = SPLASH_DEVICES.reduce((n, d) => n + (d.landscape ? 2 : 1), 0);
  process.stdout.write(`icons, ${splashCount} splash screens and 2 screenshots written\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
