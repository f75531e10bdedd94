// bench:payments' HTTP client: the load generators' one (server/src/reliability/rush-http.ts) on one
// keep-alive pool for the whole bench.
import {
  type HttpAnswer,
  type HttpInit,
  keepAliveAgent,
  httpCall as sharedHttpCall,
} from '../../server/src/reliability/rush-http.ts';

export type { HttpAnswer } from '../../server/src/reliability/rush-http.ts';

const agent = keepAliveAgent();

export function httpCall(url: string, init: HttpInit): Promise<HttpAnswer> {
  return sharedHttpCall(url, init, agent);
}
