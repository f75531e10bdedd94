// bench:payments' HTTP client: the load generators' one (server/test/reliability/rush-http.ts) on one
// keep-alive pool for the whole bench.
import {
  type HttpAnswer,
  type HttpInit,
  keepAliveAgent,
  httpCall as sharedHttpCall,
} from '../../server/test/reliability/rush-http.ts';

export type { HttpAnswer } from '../../server/test/reliability/rush-http.ts';

const agent = keepAliveAgent();

export function httpCall(url: string, init: HttpInit): Promise<HttpAnswer> {
  return sharedHttpCall(url, init, agent);
}
