import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../lib/app-type.ts';

export const DOCS_PREFIX = '/api/docs';

/** The docs page's own CSP without the third-party and https-only parts @fastify/swagger-ui adds. */
function tightenDocsCsp(header: string): string {
  return (
    header
      .replace(/\s*upgrade-insecure-requests;?/g, '')
      .replace(/\s*validator\.swagger\.io/g, '')
      .replace(/\s+https:/g, '')
      // The docs are not meant to be framed either, not even by our own pages.
      .replace(/frame-ancestors 'self'/, "frame-ancestors 'none'")
  );
}

/** OpenAPI generated from the contract's zod schemas, browsable at /api/docs (JSON at /api/docs/json). */
export async function setupOpenApi(app: App, options: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tablo API',
        description: 'QR-code restaurant menu and table ordering. Errors: { statusCode, error, message }.',
        version: '0.1.0',
      },
      servers: [{ url: options.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: tightenDocsCsp,
  });
}
