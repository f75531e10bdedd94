import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/**
 * A local STAND-IN of the Stripe API for tests (not Stripe): it records each request the official
 * library sends and answers POST /v1/checkout/sessions with a Checkout Session object shaped like
 * Stripe's. `failNext` makes the next answer a Stripe-style API error.
 */
export interface RecordedStripeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The form-encoded body, decoded (keys as Stripe's bracket notation: `line_items[0][quantity]`). */
  form: Record<string, string>;
}

export interface StripeApiStandIn {
  url: string;
  requests: RecordedStripeRequest[];
  failNext(status: number): void;
  close(): Promise<void>;
}

export async function startStripeApiStandIn(): Promise<StripeApiStandIn> {
  const requests: RecordedStripeRequest[] = [];
  let failure: number | null = null;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        form,
      });
      response.setHeader('content-type', 'application/json');
      response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
      if (failure !== null) {
        response.statusCode = failure;
        failure = null;
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in failure' } }));
        return;
      }
      if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            mode: 'payment',
            status: 'open',
            payment_status: 'unpaid',
            currency: form.currency ?? form['line_items[0][price_data][currency]'],
            amount_total: Number(form['line_items[0][price_data][unit_amount]'] ?? 0),
            client_reference_id: form.client_reference_id ?? null,
            metadata: { paymentId: form['metadata[paymentId]'] },
            expires_at: Number(form.expires_at),
            success_url: form.success_url,
            cancel_url: form.cancel_url,
            url: `https://checkout.stripe.com/c/pay/${id}`,
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(
        JSON.stringify({ error: { type: 'invalid_request_error', message: 'stand-in: unknown path' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
