import type fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../../src/app.ts';
import { bodyArbitrary, renderBody } from './body-variations.ts';
import type { FuzzRequest, ValidRequest } from './fuzz-world.ts';
import type { Operation } from './openapi-operations.ts';
import {
  type HeaderVariants,
  headersArbitrary,
  pathArbitrary,
  queryArbitrary,
  renderHeaders,
  renderPath,
} from './request-arbitraries.ts';

/** What one property varies, the rest of the request staying valid. */
export type Dimension = 'body' | 'path' | 'query' | 'headers';

/** The dimensions that mean something for an operation (a GET has no body, some paths no parameter). */
export function dimensionsOf(operation: Operation): Dimension[] {
  return [
    ...(operation.method !== 'GET' ? (['body'] as const) : []),
    ...(operation.pathParams.length > 0 ? (['path'] as const) : []),
    'query',
    'headers',
  ];
}

interface Rendered {
  request: FuzzRequest;
  /** The body is over the limit: the answer must be 413. */
  oversize: boolean;
}

/** How a dimension varies an operation: what it generates, and the request a generated value makes. */
export interface Plan {
  arbitrary: fc.Arbitrary<unknown>;
  /** Applied to the valid request of the world the run happens in (it may have been rebuilt since). */
  render(variation: unknown, valid: ValidRequest): Rendered;
}

function plan<V>(arbitrary: fc.Arbitrary<V>, render: (variation: V, valid: ValidRequest) => Rendered): Plan {
  return { arbitrary, render: (variation, valid) => render(variation as V, valid) };
}

export interface PlanContext {
  elsewhere(name: string): string[];
  headerVariants(): HeaderVariants;
  sessionId(): string;
}

export function planFor(
  dimension: Dimension,
  operation: Operation,
  valid: ValidRequest,
  context: PlanContext,
): Plan {
  switch (dimension) {
    case 'body':
      return plan(bodyArbitrary(valid.body ?? {}, BODY_LIMIT_BYTES), (variation, current) => {
        const body = renderBody(variation, current.body ?? {});
        const headers = { ...current.headers, 'content-type': body.contentType };
        return { request: current.build({ payload: body.payload, headers }), oversize: body.oversize };
      });
    case 'path': {
      const names = operation.pathParams.map((parameter) => parameter.name);
      return plan(pathArbitrary(names, names.flatMap(context.elsewhere)), (variation, current) => ({
        request: current.build({ path: renderPath(variation, current.pathValues) }),
        oversize: false,
      }));
    }
    case 'query':
      // The session id rides along, as the websocket's does: it must never reach a log line.
      return plan(queryArbitrary(operation.queryParams.map((p) => p.name)), (variation, current) => ({
        request: current.build({ query: `${variation}&session_id=${context.sessionId()}` }),
        oversize: false,
      }));
    case 'headers':
      return plan(
        headersArbitrary(Object.keys(valid.headers), context.headerVariants()),
        (variation, current) => ({
          request: current.build({ headers: renderHeaders(variation, current.headers) }),
          oversize: false,
        }),
      );
  }
}
