import { gzipSync } from 'node:zlib';
import { launchBrowser } from './support/browser.ts';
import { startServer } from './support/server-process.ts';

const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const scripts = new Set<string>();
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.add(r.url());
  });
  await page.goto(`${server.baseUrl}/menu/demo/hu`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  let total = 0;
  for (const url of [...scripts].sort()) {
    const body = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    const gz = gzipSync(body, { level: 9 }).length;
    total += gz;
    console.log(`${gz}\t${new URL(url).pathname}`);
  }
  console.log(`TOTAL ${total} bytes gzip (${(total / 1024).toFixed(1)} KiB), ${scripts.size} scripts`);
} finally {
  await browser.close();
  await server.stop();
}
