import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.ts';
import { runCli, startServer } from './support/server-process.ts';

const server = await startServer({}, async (dataDir) => {
  await runCli(['seed-demo'], { DATA_DIR: dataDir, PUBLIC_URL: 'http://e2e.invalid' });
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(`${server.baseUrl}/menu/demo/hu`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  let total = 0;
  const rows: string[] = [];
  let staffMarker = false;
  for (const url of [...scripts].sort()) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    if (body.toString().includes('qr-sheet.pdf') || body.toString().includes('AudioContext')) staffMarker = true;
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    rows.push(`${new URL(url).pathname} ${gz}`);
  }
  console.log(rows.join('\n'));
  console.log(`TOTAL ${scripts.size} files ${total} bytes gzip (${(total / 1024).toFixed(2)} KB); staff marker present: ${staffMarker}`);
} finally {
  await browser.close();
  await server.stop();
}
