// The shop's link-preview image (ux 2026-11-28 #31): a 1200 × 630 JPEG, as the networks that
// render no SVG want, drawn once from one of the demo products' drawings and the shop's words and
// committed (apps/web/public/images/og/caseforge.jpg); no network, no build step.
// Usage: node scripts/og-image.mjs (needs Chromium: CHROMIUM_PATH, else /usr/bin/chromium).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const drawing = readFileSync(
  path.join(root, 'apps/web/public/images/products/titan-x-full-tower-gaming.svg'),
  'utf8',
);
const out = path.join(root, 'apps/web/public/images/og/caseforge.jpg');

const html = `<!doctype html><html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
  body { display: flex; font-family: 'DejaVu Sans', Arial, sans-serif; color: #f8fafc;
    background: linear-gradient(135deg, #1e1b4b 0%, #312e81 55%, #0e7490 100%); }
  .text { width: 560px; padding: 72px 0 72px 72px; display: flex; flex-direction: column;
    justify-content: center; gap: 28px; }
  .name { font-size: 88px; font-weight: 700; letter-spacing: -2px; }
  .line { font-size: 36px; line-height: 1.3; color: #e0e7ff; }
  .tag { font-size: 26px; color: #fcd34d; font-weight: 700; }
  .art { width: 640px; padding-right: 56px; display: flex; align-items: center;
    justify-content: flex-end; }
  .art svg { width: 544px; height: 408px; border-radius: 24px; }
</style></head><body>
  <div class="text">
    <div class="name">CaseForge</div>
    <div class="line">Computer cases, gaming cases and power supplies</div>
    <div class="tag">Factory direct · B2B ordering</div>
  </div>
  <div class="art">${drawing}</div>
</body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.screenshot({ path: out, type: 'jpeg', quality: 82 });
await browser.close();
console.log(out);
