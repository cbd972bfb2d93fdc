/**
 * Draws the app icons in public/icons/ (the web manifest's and the apple-touch-icon) from the
 * favicon's design: a market basket on the brand green. Chromium renders each SVG and the
 * PNG is its screenshot. Run `npx tsx scripts/makeIcons.ts` after changing the design, and
 * commit the PNGs. CHROME_PATH overrides /usr/bin/chromium.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const GREEN = '#0B6B3A';
const AMBER = '#F4A51C';

interface Icon {
  file: string;
  size: number;
  /**
   * A full square (maskable and Apple icons: the platform cuts its own shape, and keeps only
   * the central circle of 80% of the width for maskable ones) or the favicon's rounded one.
   */
  fullBleed: boolean;
  /** The basket's size relative to the favicon's. */
  scale: number;
}

const icons: Icon[] = [
  { file: 'icon-192.png', size: 192, fullBleed: false, scale: 1 },
  { file: 'icon-512.png', size: 512, fullBleed: false, scale: 1 },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true, scale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true, scale: 0.9 },
];

function svg({ size, fullBleed, scale }: Icon): string {
  const basket = `<g transform="translate(32 32) scale(${scale}) translate(-32 -31)">
    <path d="M16 24h32l-4 24H20z" fill="${AMBER}"/>
    <path d="M24 24c0-6 4-10 8-10s8 4 8 10" stroke="#fff" stroke-width="4" fill="none"/>
  </g>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
    <rect width="64" height="64" rx="${fullBleed ? 0 : 14}" fill="${GREEN}"/>${basket}</svg>`;
}

async function main() {
  const out = path.resolve(__dirname, '..', 'public', 'icons');
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  });
  try {
    const page = await browser.newPage();
    for (const icon of icons) {
      await page.setViewportSize({ width: icon.size, height: icon.size });
      await page.setContent(`<body style="margin:0">${svg(icon)}</body>`);
      await page
        .locator('svg')
        .screenshot({ path: path.join(out, icon.file), omitBackground: true });
      console.log(`public/icons/${icon.file}`);
    }
  } finally {
    await browser.close();
  }
}

void main();
