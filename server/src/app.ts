import { createServer } from 'node:http';
import type { AppConfig } from '@tablo/contract/config';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from './db/database.ts';
import type { Config } from './env.ts';
import type { App } from './lib/app-type.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { Draining } from './lib/draining.ts';
import { apiHotMatch, apiHotMatchWithSuffix, createHotPath, type HotPath } from './lib/hot-answers.ts';
import { HttpError } from './lib/http-error.ts';
import { TabloLogController } from './lib/log-controller.ts';
import { loggerOptions } from './lib/logger.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { teamRoutes } from './modules/accounts/team-routes.ts';
import { figuresRoutes } from './modules/figures/routes.ts';
import { hoursRoutes } from './modules/hours/routes.ts';
import { setupLiveChannel } from './modules/live/channel.ts';
import { liveRoutes } from './modules/live/routes.ts';
import { menuPreviewRoutes } from './modules/menu/preview-routes.ts';
import { menuRoutes } from './modules/menu/routes.ts';
import { getMenuAnswer, getMenuOptionsAnswer } from './modules/menu/service.ts';
import { menuEditorRoutes } from './modules/menu-editor/routes.ts';
import { setupMenuBoundaryTimer } from './modules/menu-windows/boundary-timer.ts';
import { menuWindowsRoutes } from './modules/menu-windows/routes.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { setupPayments } from './modules/payments/routes.ts';
import { setupPictures } from './modules/pictures/routes.ts';
import { printingRoutes } from './modules/printing/routes.ts';
import { type PrinterWorkerOptions, startPrinterWorker } from './modules/printing/worker.ts';
import { qrRoutes } from './modules/qr/routes.ts';
import { ratingRoutes } from './modules/ratings/routes.ts';
import { restaurantRoutes } from './modules/restaurants/routes.ts';
import { getRestaurantAnswer, heroImageOf } from './modules/restaurants/service.ts';
import { restaurantSettingsRoutes } from './modules/restaurants/settings-routes.ts';
import { createHeadOf } from './modules/seo/head-of.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { sessionRoutes } from './modules/sessions/routes.ts';
import { staffAvailabilityRoutes } from './modules/staff/availability-routes.ts';
import { staffLiveRoutes } from './modules/staff/live-routes.ts';
import { staffRoutes } from './modules/staff/routes.ts';
import { setupStaffAuth } from './modules/staff/staff-auth.ts';
import { staffTableRoutes } from './modules/staff/table-routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { tableCallRoutes } from './modules/table-calls/routes.ts';
import { tableSessionRoutes } from './modules/table-sessions/routes.ts';
import { BOOT_LOADER_CSP_SOURCE } from './modules/web-app/boot-loader.ts';
import { menuPageHotMatch } from './modules/web-app/page-cache.ts';
import { setupWebApp } from './modules/web-app/routes.ts';
import { setupAnswerCache } from './plugins/answer-cache.ts';
import { routingErrorMessage, sendError, setupErrorHandler } from './plugins/error-handler.ts';
import { setupOpenApi } from './plugins/openapi.ts';
import { setupRateLimit } from './plugins/rate-limit.ts';
import {
  API_SECURITY_HEADERS,
  computeSecurityHeaders,
  securityHeadersFor,
  setupSecurityHeaders,
} from './plugins/security-headers.ts';
import { setupStorableText } from './plugins/storable-text.ts';
import { setupUrlLength } from './plugins/url-length.ts';

/** JSON bodies are small (a rating, an order): anything bigger is refused with 413 (DESIGN §8). */
export const BODY_LIMIT_BYTES = 64 * 1024;

export interface BuildAppOptions {
  database: Database;
  config: Config;
  /** Pino options, or false for silence (tests). Defaults to the config's LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** Coalescing window of cache invalidations (tests shorten it). */
  cacheCoalesceMs?: number;
  /** Close the database when the app closes (server.ts); tests close their own. */
  closeDatabase?: boolean;
  /** Sends the account mails; by default SMTP_URL's, or the log when it is unset (lib/mailer.ts). */
  mailer?: Mailer;
  /** The time every rule about hours, windows and business days reads (tests pass a ManualClock). */
  clock?: Clock;
  /** The printer worker's backoff and timeouts (tests shorten them; modules/printing/worker.ts). */
  printing?: Omit<PrinterWorkerOptions, 'onError'>;
}

export function appConfigOf(config: Config): AppConfig {
  return {
    adminUrl: config.adminUrl,
    publicUrl: config.publicUrl,
    poweredByName: config.poweredByName,
    poweredByUrl: config.poweredByUrl,
    analyticsId: config.analyticsId,
  };
}

/**
 * Builds the whole application without listening. Everything is registered here, in order, so
 * "where is X mounted?" has one answer. The database closes with the app only with `closeDatabase`.
 */
export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { database, config } = options;
  const clock = options.clock ?? systemClock;
  // Cached restaurant and menu answers are served before Fastify once built (lib/hot-answers.ts).
  let hotPath: HotPath | null = null;
  const draining = new Draining();
  const documentHeaders = await computeSecurityHeaders(config.publicUrl, [BOOT_LOADER_CSP_SOURCE]);
  const app: App = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: BODY_LIMIT_BYTES,
    logController: new TabloLogController(),
    trustProxy: config.trustProxy,
    // A URL whose percent-encoding is not UTF-8, or with a path parameter over the router's length, never
    // reaches routing or hooks: answered here, in the API's error shape and with the same security headers
    // as every other answer.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeadersFor(request.url, documentHeaders));
      return sendError(reply, error.statusCode ?? 400, routingErrorMessage(error));
    },
    serverFactory: (handler) =>
      createServer((request, response) => {
        if (draining.active)
          draining.refuse(response, securityHeadersFor(request.url ?? '/', documentHeaders));
        else if (!hotPath?.(request, response, handler)) handler(request, response);
      }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // onClose hooks run last-registered first: added before every module, this one runs after all of theirs.
  if (options.closeDatabase) app.addHook('onClose', () => database.close());
  // Closing: new requests get 503, accepted ones finish, idle kept-alive connections go (lib/draining.ts).
  app.addHook('preClose', async () => draining.begin(app.server));
  app.addHook('onClose', async () => draining.end());

  // 1. Cross-cutting plugins.
  setupErrorHandler(app, { bodyLimit: BODY_LIMIT_BYTES });
  setupStorableText(app);
  setupSecurityHeaders(app, { documentHeaders });
  setupUrlLength(app);
  await setupRateLimit(app, { database });
  await setupOpenApi(app, { publicUrl: config.publicUrl });
  const cache = await setupAnswerCache(app, {
    database,
    ...(options.cacheCoalesceMs !== undefined ? { coalesceMs: options.cacheCoalesceMs } : {}),
  });
  hotPath = createHotPath(cache, [
    { match: apiHotMatch('/api/menu/current/', 'menu'), securityHeaders: API_SECURITY_HEADERS },
    { match: apiHotMatch('/api/restaurant/one/', 'restaurant'), securityHeaders: API_SECURITY_HEADERS },
    {
      match: apiHotMatchWithSuffix('/api/menu/current/', '/options', 'menu-options'),
      securityHeaders: API_SECURITY_HEADERS,
    },
    { match: menuPageHotMatch, securityHeaders: documentHeaders },
  ]);

  // Issue 28: rebuilds the menu at each window boundary and "sold out for today" end (docs/decisions/075).
  await setupMenuBoundaryTimer(app, { database, cache, clock });

  // 2. API modules under /api.
  await setupStaffAuth(app, database);
  const channel = await setupLiveChannel(app, { database });

  // Multipart uploads (before every module that takes one) and the uploaded pictures under /images/uploads/.
  await setupPictures(app, { database });
  await app.register(systemRoutes, { prefix: '/api', database });
  await app.register(restaurantRoutes, { prefix: '/api', database, cache });
  await app.register(menuRoutes, { prefix: '/api', database, cache, clock });
  await app.register(sessionRoutes, {
    prefix: '/api',
    database,
    perMinute: config.rateLimits.sessionsPerMinute,
  });
  await app.register(ratingRoutes, {
    prefix: '/api',
    database,
    perMinute: config.rateLimits.ratingsPerMinute,
    perAddressPerMinute: config.rateLimits.addressPerMinute,
  });
  await app.register(tableSessionRoutes, {
    prefix: '/api',
    database,
    joinsPerMinute: config.rateLimits.joinsPerMinute,
    joinsPerAddressPerMinute: config.rateLimits.addressPerMinute,
  });
  await app.register(orderRoutes, {
    prefix: '/api',
    database,
    ordersPerMinute: config.rateLimits.ordersPerMinute,
    clock,
  });
  await app.register(staffRoutes, {
    prefix: '/api',
    database,
    loginsPerMinute: config.rateLimits.staffLoginsPerMinute,
  });
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, log: app.log });
  app.addHook('onClose', async () => mailer.close());
  const accounts = { database, mailer, publicUrl: config.publicUrl, product: config.poweredByName };
  await app.register(accountRoutes, {
    prefix: '/api',
    ...accounts,
    signUpsPerHour: config.rateLimits.signUpsPerHour,
  });
  await app.register(teamRoutes, { prefix: '/api', ...accounts });
  await app.register(restaurantSettingsRoutes, { prefix: '/api', database });
  await app.register(staffTableRoutes, { prefix: '/api', database, publicUrl: config.publicUrl });
  await app.register(staffAvailabilityRoutes, { prefix: '/api', database, clock });
  await app.register(menuWindowsRoutes, { prefix: '/api', database, clock });
  await app.register(menuEditorRoutes, { prefix: '/api', database });
  await app.register(menuPreviewRoutes, { prefix: '/api', database });
  await app.register(hoursRoutes, { prefix: '/api', database });
  await app.register(qrRoutes, { prefix: '/api', database, publicUrl: config.publicUrl });
  await app.register(tableCallRoutes, { prefix: '/api', database });
  await app.register(figuresRoutes, { prefix: '/api', database, clock: options.clock ?? systemClock });
  await setupPayments(app, { database, config });
  await app.register(printingRoutes, { prefix: '/api', database });
  const printerWorker = await startPrinterWorker(database, {
    ...options.printing,
    onError: (error) => app.log.error({ err: error }, 'printer worker: a pass failed'),
  });
  app.addHook('onClose', () => printerWorker.stop());
  await app.register(liveRoutes, { prefix: '/api', database, channel, publicUrl: config.publicUrl });
  await app.register(staffLiveRoutes, { prefix: '/api', database, channel, publicUrl: config.publicUrl });

  // 3. The web app and the fallback for every other path (JSON 404 for /api/*); its pages' head tags, the
  // sitemap and robots.txt come from the cached answers (modules/seo).
  await app.register(seoRoutes, { database, publicUrl: config.publicUrl });
  // A restaurant that is unknown or not shown has no answer; any other failure fails the head (logged).
  const orNull = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 404) return null;
      throw error;
    });
  await setupWebApp(app, {
    webDist: config.webDist,
    appConfig: appConfigOf(config),
    heroImageOf: (shortName) => heroImageOf(database.db, cache, shortName),
    cache,
    headOf: createHeadOf({
      publicUrl: config.publicUrl,
      restaurantAnswer: (shortName) => orNull(getRestaurantAnswer(database.db, cache, shortName)),
      menuAnswer: (shortName) => orNull(getMenuAnswer(database.db, cache, shortName, clock)),
      optionsAnswer: (shortName) => orNull(getMenuOptionsAnswer(database.db, cache, shortName)),
    }),
    // A menu page is rendered from the cached answers; an unknown or disabled restaurant gets the app's page.
    pageAnswers: async (shortName) => {
      const restaurant = await getRestaurantAnswer(database.db, cache, shortName).catch(() => null);
      if (!(restaurant?.value as { isEnabled?: boolean } | undefined)?.isEnabled) return null;
      const menu = await getMenuAnswer(database.db, cache, shortName, clock).catch(() => null);
      return restaurant && menu ? { restaurant: restaurant.value, menu: menu.value } : null;
    },
  });

  return app;
}
