import { IDEMPOTENCY_HEADER, OrderSchema, type PlaceOrderInput } from '@tablo/contract/order';
import { apiPaths } from '@tablo/contract/paths';
import { type ApiResult, apiRequest } from '../../../lib/api-client.ts';

/** The server's answer while the first request with the same key is still running (DESIGN §5). */
export const ORDER_IN_PROGRESS_MESSAGE = 'This order is still being processed';
/** Bounded automatic retries of one order (network failure or 409 in progress), always with the same key. */
export const PLACE_ORDER_MAX_ATTEMPTS = 5;
export const PLACE_ORDER_RETRY_BASE_MS = 500;

export type PlaceOrderOptions = {
  /** The page's language: a refusal (outside the opening hours) is written in it (Accept-Language). */
  language?: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
};

function isRetriable(result: ApiResult<unknown>): boolean {
  if (result.ok) return false;
  return result.status === 0 || (result.status === 409 && result.message === ORDER_IN_PROGRESS_MESSAGE);
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * POST /api/orders with the cart's idempotency key. A lost answer (status 0) or "still being processed"
 * is retried with the same key — the server answers a repeat with the first order, so nothing is doubled.
 */
export async function placeOrder(
  body: PlaceOrderInput,
  idempotencyKey: string,
  options: PlaceOrderOptions = {},
) {
  const sleep = options.sleep ?? wait;
  const random = options.random ?? Math.random;
  let attempt = 0;
  for (;;) {
    const result = await apiRequest(apiPaths.orders(), {
      method: 'POST',
      body,
      headers: {
        [IDEMPOTENCY_HEADER]: idempotencyKey,
        ...(options.language ? { 'Accept-Language': options.language } : {}),
      },
      schema: OrderSchema,
    });
    attempt += 1;
    if (!isRetriable(result) || attempt >= PLACE_ORDER_MAX_ATTEMPTS) return result;
    // Offline, waiting changes nothing: the diner is told, and places it with the same key when back online.
    if (result.status === 0 && isOffline()) return result;
    await sleep(Math.round(PLACE_ORDER_RETRY_BASE_MS * 2 ** (attempt - 1) * (0.5 + random() * 0.5)));
  }
}
