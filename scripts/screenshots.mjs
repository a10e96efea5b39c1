// Screenshots of pages as a person sees them, on a desktop and on a phone, for a look before
// a change is called done. Usage: node scripts/screenshots.mjs http://127.0.0.1:3000 / /products
// Writes full-page PNGs to screenshots/ (ignored by git).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const out = path.resolve(import.meta.dirname, '../screenshots');
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
const viewports = {
  desktop: { width: 1280, height: 900 },
  phone: { width: 412, height: 915 },
};
for (const [device, viewport] of Object.entries(viewports)) {
  const page = await browser.newPage({ viewport });
  for (const route of paths.length ? paths : ['/']) {
    await page.goto(new URL(route, base).href);
    await page.waitForLoadState('networkidle');
    const name = `${device}${route.replaceAll('/', '_')}.png`;
    await page.screenshot({ path: path.join(out, name), fullPage: true });
    console.log(path.join(out, name));
  }
}
await browser.close();
