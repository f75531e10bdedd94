import type { App } from '../lib/app-type.ts';
import { pathOf } from '../lib/request-path.ts';
import { MAX_PATH_LENGTH, PATH_TOO_LONG } from '../lib/url-limits.ts';
import { sendError } from './error-handler.ts';

/**
 * A path over MAX_PATH_LENGTH is answered 414 before anything looks at it. Past ~4 KB the static file
 * plugin's own check answered a bare 403 "Forbidden", and below it the not-found answer echoed the whole path.
 */
export function setupUrlLength(app: App): void {
  app.addHook('onRequest', (request, reply, done) => {
    // The whole URL first: nearly every request is shorter than the limit, and then its path is too.
    if (request.url.length <= MAX_PATH_LENGTH || pathOf(request.url).length <= MAX_PATH_LENGTH) {
      done();
      return;
    }
    // Answered from the hook: `done` is not called, so nothing else runs.
    sendError(reply, 414, PATH_TOO_LONG);
  });
}
