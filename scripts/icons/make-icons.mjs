// Renders the brand mark (web/icons/vialcompare.svg) to the PNG icons in Debian's Chromium; run once after changing the mark: node scripts/icons/make-icons.mjs
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
const svg = readFileSync('web/icons/vialcompare.svg', 'utf8');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();
for (const [size, name, pad] of [
  [32, 'icon-32.png', 0],
  [180, 'apple-touch-icon.png', 0],
  [192, 'icon-192.png', 0],
  [512, 'icon-512.png', 0],
  [512, 'icon-maskable-512.png', 1],
]) {
  await page.setViewportSize({ width: size, height: size });
  const inner = pad
    ? `<div style="width:${size}px;height:${size}px;background:#0f766e;display:flex;align-items:center;justify-content:center"><div style="width:${size * 0.8}px;height:${size * 0.8}px">${svg.replace('<svg ', '<svg width="100%" height="100%" ')}</div></div>`
    : svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${inner}</body></html>`,
  );
  await page.screenshot({
    path: `web/icons/${name}`,
    omitBackground: true,
    clip: { x: 0, y: 0, width: size, height: size },
  });
}
await browser.close();
