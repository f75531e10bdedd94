// The load generators' HTTP client (the rush test, bench:rush, bench:payments): node:http over keep-alive
// connections. It shares the machine with the server, so its own cost counts: fetch (undici) spent about
// twice the CPU per request here (docs/decisions/021). Answers once the whole body is in.
import { Agent, request } from 'node:http';

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

export type RushAnswer = HttpAnswer;

export interface RushRequest extends Omit<HttpInit, 'body'> {
  body?: unknown;
}

export function keepAliveAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
}

/**
 * One request; rejects with an error named TimeoutError when no whole answer came in time. A request on
 * a reused connection the server had just closed (ECONNRESET before any answer: its keep-alive timeout
 * met our next request) is sent once more on a new connection, as Node's documentation advises: every
 * request of the load generators may be repeated (idempotency keys, idempotent staff moves).
 */
export async function httpCall(url: string, init: HttpInit, agent: Agent): Promise<HttpAnswer> {
  try {
    return await send(url, init, agent);
  } catch (error) {
    if ((error as { retry?: boolean }).retry) return send(url, init, false);
    throw error;
  }
}

/** The rush's client: paths under one base address, JSON bodies. */
export class RushHttpClient {
  private readonly agent = keepAliveAgent();

  constructor(private readonly baseUrl: string) {}

  call(path: string, init: RushRequest): Promise<RushAnswer> {
    const { body, ...rest } = init;
    return httpCall(
      `${this.baseUrl}${path}`,
      body === undefined
        ? rest
        : {
            ...rest,
            body: JSON.stringify(body),
            headers: { ...rest.headers, 'content-type': 'application/json' },
          },
      this.agent,
    );
  }

  close(): void {
    this.agent.destroy();
  }
}

function send(url: string, init: HttpInit, agent: Agent | false): Promise<HttpAnswer> {
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

/** What a request that got no answer is counted as: `timeout` or `error-<code>`. */
export function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  return `error-${typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown'}`;
}
