import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const base = process.argv[2];
const paths = process.argv.slice(3);
for (const [name, opts] of [['desktop', { viewport: { width: 1280, height: 900 } }], ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }]]) {
  const page = await browser.newPage(opts);
  const logs = [];
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') logs.push(`${m.type()}: ${m.text().slice(0, 300)}`); });
  page.on('pageerror', (e) => logs.push(`pageerror: ${e.message.slice(0, 300)}`));
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const p of paths) {
    logs.length = 0;
    await page.goto(base + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const cls = await page.evaluate(() => window.__cls);
    const titles = await page.evaluate(() => [document.title, document.querySelectorAll('link[rel=canonical]').length, document.querySelectorAll('meta[name=description]').length]);
    console.log(name, p, 'cls', cls.toFixed(4), JSON.stringify(titles), logs.join(' | '));
  }
  await page.close();
}
await browser.close();
