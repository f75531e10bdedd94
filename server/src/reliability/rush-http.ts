// The rush's HTTP client: node:http over keep-alive connections (fetch costs the load generator about
// twice the CPU per request, and it shares the machine with the server — docs/decisions/021).
import { Agent, request } from 'node:http';

export interface RushAnswer {
  status: number;
  header(name: string): string | undefined;
  json(): unknown;
}

export interface RushRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}

export class RushHttpClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

  constructor(private readonly baseUrl: string) {}

  /**
   * One request; rejects with an error named TimeoutError when no whole answer came in time. A request on
   * a reused connection the server had just closed (ECONNRESET before any answer: its keep-alive timeout
   * met our next request) is sent once more on a new connection: every request of the rush may be repeated
   * (idempotency keys, idempotent staff moves).
   */
  async call(path: string, init: RushRequest): Promise<RushAnswer> {
    try {
      return await this.send(path, init, this.agent);
    } catch (error) {
      if ((error as { retry?: boolean }).retry) return this.send(path, init, false);
      throw error;
    }
  }

  close(): void {
    this.agent.destroy();
  }

  private send(path: string, init: RushRequest, agent: Agent | false): Promise<RushAnswer> {
    return new Promise((resolve, reject) => {
      const body = init.body === undefined ? undefined : Buffer.from(JSON.stringify(init.body));
      const req = request(`${this.baseUrl}${path}`, {
        agent,
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          ...(body ? { 'content-type': 'application/json', 'content-length': String(body.length) } : {}),
        },
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
            json: () => JSON.parse(text) as unknown,
          });
        });
      });
      req.end(body);
    });
  }
}

/** What a request that got no answer is counted as: `timeout` or `error-<code>`. */
export function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'timeout';
  const code = (error as { code?: unknown } | null)?.code;
  return `error-${typeof code === 'string' ? code : error instanceof Error ? error.name : 'unknown'}`;
}
