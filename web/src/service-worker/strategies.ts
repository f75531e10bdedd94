import { FROM_CACHE_HEADER } from '../config/constants.ts';

// The two ways the service worker answers (decision record 025), written against plain Cache and fetch.

export type CacheLike = Pick<Cache, 'match' | 'put'>;
export type FetchLike = (request: Request) => Promise<Response>;

export type Answer = {
  /** What the page gets. */
  response: Promise<Response>;
  /** Settles once the network's answer is stored (or has failed): the worker keeps running until then. */
  stored: Promise<unknown>;
};

/** A kept copy, marked as such, so the page can say that what it shows may be out of date. */
export function markedFromCache(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set(FROM_CACHE_HEADER, '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Network first: the network's answer when it comes within `timeoutMs` (and is no server failure), else the
 * kept copy under `key`; without a kept copy the network is waited for. A good answer is always stored, also
 * when it arrives after the kept copy was shown, so the next visit is fresh.
 */
export function networkFirst(
  request: Request,
  key: string,
  cache: CacheLike,
  fetchFn: FetchLike,
  timeoutMs: number,
): Answer {
  const network = fetchFn(request);
  const stored = network.then(
    (response) => (response.ok ? cache.put(key, response.clone()) : undefined),
    () => undefined,
  );
  const response = new Promise<Response>((resolve, reject) => {
    let done = false;
    const finish = (answer: Response) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const kept = () => cache.match(key).then((copy) => (copy ? markedFromCache(copy) : undefined));
    const timer = setTimeout(() => {
      void kept().then((copy) => copy && finish(copy));
    }, timeoutMs);
    network.then(
      (answer) => {
        // A server failure is no better than no network: the kept copy is shown when there is one.
        if (answer.status < 500) return finish(answer);
        void kept().then((copy) => finish(copy ?? answer));
      },
      (error: unknown) =>
        void kept().then((copy) => {
          if (copy) finish(copy);
          else if (!done) {
            done = true;
            clearTimeout(timer);
            reject(error);
          }
        }),
    );
  });
  return { response, stored };
}

/** Kept copy first; otherwise the network, and a good answer is kept. */
export function cacheFirst(request: Request, key: string, cache: CacheLike, fetchFn: FetchLike): Answer {
  let storing: Promise<unknown> = Promise.resolve();
  const response = cache.match(key).then((copy) => {
    if (copy) return copy;
    return fetchFn(request).then((answer) => {
      if (answer.ok) storing = cache.put(key, answer.clone());
      return answer;
    });
  });
  return {
    response,
    stored: response.then(
      () => storing,
      () => undefined,
    ),
  };
}
