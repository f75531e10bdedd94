// The load generators' HTTP client: node:http over keep-alive connections. The bench runs on the same
// machine as the server and PostgreSQL, so its own cost counts: fetch (undici) spent ~2.6 ms of CPU per
// request here, node:http ~1.3–1.9 ms (docs/decisions/021). Answers once the whole body is in.
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface HttpAnswer {
  status: number;
  header(name: string): string | undefined;
  text(): string;
  json(): unknown;
}

export interface HttpInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
}

/**
 * A request; rejects with an error named TimeoutError when no whole answer came within timeoutMs. A
 * request on a reused keep-alive connection that the server had just closed (ECONNRESET before any
 * answer) is sent once more on a new one, as Node's documentation advises: every request of the benches
 * may be repeated (payments and orders carry an Idempotency-Key, confirmations are idempotent).
 */
export async function httpCall(url: string, init: HttpInit): Promise<HttpAnswer> {
  try {
    return await send(url, init);
  } catch (error) {
    if ((error as { retry?: boolean }).retry) return send(url, init);
    throw error;
  }
}

function send(url: string, init: HttpInit): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const body = init.body === undefined ? undefined : Buffer.from(init.body);
    const req = request(url, {
      agent,
      method: init.method ?? 'GET',
      headers: { ...init.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
    });
    const timer = setTimeout(() => {
      const error = new Error(`no answer within ${init.timeoutMs} ms`);
      error.name = 'TimeoutError';
      req.destroy(error);
    }, init.timeoutMs);
    req.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const retry = req.reusedSocket && error.code === 'ECONNRESET';
      reject(retry ? Object.assign(error, { retry: true }) : error);
    });
    req.once('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      res.once('end', () => {
        clearTimeout(timer);
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({
          status: res.statusCode ?? 0,
          header: (name) => {
            const value = res.headers[name.toLowerCase()];
            return Array.isArray(value) ? value[0] : value;
          },
          text: () => text,
          json: () => JSON.parse(text) as unknown,
        });
      });
    });
    req.end(body);
  });
}
