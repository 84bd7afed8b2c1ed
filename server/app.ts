import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type TrustProxy } from './config.ts';
import { type Database, type Db, embeddedClient } from './db/client.ts';
import { createInvalidation, type Invalidation } from './db/invalidation.ts';
import { refuseControlCharacters } from './http/controls.ts';
import { pagePolicy } from './http/csp.ts';
import { DomainError, envelope, installErrorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { resolveMerchant } from './http/merchant.ts';
import { createMerchantCache } from './http/merchantCache.ts';
import { knownMethods } from './http/methods.ts';
import { createMetrics, metricsRoutes, routeOf } from './http/metrics.ts';
import { registerOpenApi } from './http/openapi.ts';
import { pageDocument, sendCompressed } from './http/pageHints.ts';
import { createPictures } from './http/pictures.ts';
import { databaseRateLimitStore, type RateLimitStoreKind } from './http/rateLimitStore.ts';
import { createReplyCache } from './http/replyCache.ts';
import { echoRequestId, type LogOptions, loggerOptions, requestIdOf } from './http/requestLog.ts';
import { securityHeaders } from './http/securityHeaders.ts';
import { sessionScope } from './http/sessionScope.ts';
import { isCallPath, isPagePath, registerSpa } from './http/spa.ts';
import { createStandingCheck } from './http/standing.ts';
import { backgroundJobs } from './jobs/index.ts';
import { createScheduler, type Scheduler } from './jobs/scheduler.ts';
import { contractRoutes } from './modules/agent/contractRoutes.ts';
import { createContracts } from './modules/agent/contracts.ts';
import { createDownlineService } from './modules/agent/downline.ts';
import { agentRoutes } from './modules/agent/routes.ts';
import { createSettlement } from './modules/agent/settlement.ts';
import { createTeamService } from './modules/agent/team.ts';
import { transferRoutes } from './modules/agent/transferRoutes.ts';
import { createDownlineTransfers } from './modules/agent/transfers.ts';
import { createArtCatalogue } from './modules/art/catalogue.ts';
import { type FontCheck, fontCheck } from './modules/art/fonts.ts';
import { artRoutes } from './modules/art/routes.ts';
import { createAuditLog } from './modules/audit/log.ts';
import { createCaptchaService } from './modules/auth/captcha.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createSessionService } from './modules/auth/sessions.ts';
import { createSmsService } from './modules/auth/sms.ts';
import { opsGate } from './modules/backoffice/gate.ts';
import { createOperators } from './modules/backoffice/operators.ts';
import { backofficeRoutes } from './modules/backoffice/routes.ts';
import { createScopeCheck } from './modules/backoffice/scope.ts';
import { createBackoffice } from './modules/backoffice/service.ts';
import { createBrandPictures } from './modules/catalogueOps/brandPictures.ts';
import { createGameCatalogue } from './modules/catalogueOps/games.ts';
import { catalogueOpsRoutes } from './modules/catalogueOps/routes.ts';
import { buildChanges } from './modules/changes/module.ts';
import { changeRoutes } from './modules/changes/routes.ts';
import { contentRoutes } from './modules/content/routes.ts';
import { createContentService } from './modules/content/service.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createDashboard } from './modules/dashboard/service.ts';
import { deliveryRoutes } from './modules/deliveries/routes.ts';
import { createDeliveries, type DeliveryPolicy } from './modules/deliveries/service.ts';
import { devRoutes } from './modules/dev/routes.ts';
import { createDevTools } from './modules/dev/service.ts';
import { createGameListService } from './modules/games/list.ts';
import { createPlayListService } from './modules/games/play.ts';
import { gamesRoutes } from './modules/games/routes.ts';
import { createGamesService } from './modules/games/service.ts';
import { createWinnerBoard } from './modules/games/winners.ts';
import { createHelpItems } from './modules/help/items.ts';
import { helpRoutes } from './modules/help/routes.ts';
import { createHelpService } from './modules/help/service.ts';
import { createLaunchResolver } from './modules/inhouse/launches.ts';
import { cryptoRandom, type RandomInt } from './modules/inhouse/random.ts';
import { inhouseRoutes } from './modules/inhouse/routes.ts';
import { createInhouseService, grantTrialCredit, inhouseAudit } from './modules/inhouse/service.ts';
import { launchRoutes } from './modules/launch/routes.ts';
import { createLaunchService } from './modules/launch/service.ts';
import { createDrawEngine } from './modules/lottery/draws.ts';
import { lotteryResultRoutes } from './modules/lottery/resultRoutes.ts';
import { createResultsService } from './modules/lottery/results.ts';
import { lotteryRoutes } from './modules/lottery/routes.ts';
import { createLotteryService } from './modules/lottery/service.ts';
import { createPasswordStore } from './modules/member/passwords.ts';
import { createPasswordRecovery } from './modules/member/recovery.ts';
import { memberRoutes } from './modules/member/routes.ts';
import { createMemberService } from './modules/member/service.ts';
import { merchantSettingsRoutes } from './modules/merchantSettings/routes.ts';
import { createMerchantSettings } from './modules/merchantSettings/service.ts';
import { messageRoutes } from './modules/messages/routes.ts';
import { createMessageService } from './modules/messages/service.ts';
import { missionRoutes } from './modules/missions/routes.ts';
import { createMissionService } from './modules/missions/service.ts';
import { noticeRoutes } from './modules/notices/routes.ts';
import { createNoticeService } from './modules/notices/service.ts';
import { opsRoutes } from './modules/ops/routes.ts';
import { createOpsService } from './modules/ops/service.ts';
import { createOpsEventBus } from './modules/opsEvents/bus.ts';
import { type OpsEventsModuleDeps, opsEventRoutes } from './modules/opsEvents/routes.ts';
import { paymentChannelRoutes } from './modules/payments/channelRoutes.ts';
import { paymentFollowUps } from './modules/payments/followUps.ts';
import { createPayments } from './modules/payments/module.ts';
import { paymentRoutes } from './modules/payments/routes.ts';
import { createRedemptionDecisions } from './modules/points/decisions.ts';
import { pointsRoutes } from './modules/points/routes.ts';
import { createPointsService } from './modules/points/service.ts';
import { createPromotions } from './modules/promotions/module.ts';
import { promotionRoutes } from './modules/promotions/routes.ts';
import { rebateRoutes } from './modules/rebate/routes.ts';
import { createRebateService } from './modules/rebate/service.ts';
import { referralRoutes } from './modules/referral/routes.ts';
import { createReferrals } from './modules/referral/service.ts';
import { responsibleRoutes } from './modules/responsible/routes.ts';
import { createResponsibleGambling } from './modules/responsible/service.ts';
import { createRewards } from './modules/rewards/module.ts';
import { rewardRoutes } from './modules/rewards/routes.ts';
import { createRulesStore } from './modules/rules/store.ts';
import { createSeamlessDirectory } from './modules/seamless/directory.ts';
import { seamlessRoutes } from './modules/seamless/routes.ts';
import { createSeamlessWallet } from './modules/seamless/service.ts';
import { downloadRoutes } from './modules/system/mobileconfig.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { createSystemService } from './modules/system/service.ts';
import { vendorDemoRoutes } from './modules/vendorDemo/routes.ts';
import { createVendorDemo } from './modules/vendorDemo/service.ts';
import { createPictureStore } from './modules/vendors/pictures.ts';
import { createPlayerDirectory } from './modules/vendors/players.ts';
import { vendorRoutes } from './modules/vendors/routes.ts';
import { createVendorSync } from './modules/vendors/sync.ts';
import { createBalanceReader } from './modules/wallet/balance.ts';
import { createLedger } from './modules/wallet/ledger.ts';
import { walletRoutes } from './modules/wallet/routes.ts';
import { createWalletService } from './modules/wallet/service.ts';
import { type FirebasePort, firebaseVerifier } from './ports/firebase.ts';
import { type GameVendorDriver, vendorDrivers } from './ports/gameVendor.ts';
import { DEMO_GEO_TABLE, type GeoPort, tableGeo } from './ports/geo.ts';
import { officialResults, type ResultsSource } from './ports/lotteryResults.ts';
import { type Channel, type MessagingPort, queuedMessaging, type Transport } from './ports/messaging.ts';
import { type StoragePort, uploadsStorage } from './ports/storage.ts';
import type { VendorSettings } from './ports/vendors/config.ts';
import { httpVendorDriver } from './ports/vendors/http.ts';
import { RULE_TOPICS } from './ruleTopics.ts';

export interface AppOptions {
  db: Db;
  /** Production mode: no /__dev tools. */
  production?: boolean;
  messaging?: MessagingPort;
  /** SMS and e-mail drivers by channel (server/main.ts builds them from PORTICO_SMTP_URL, PORTICO_SMS_URL); a channel
   * without one keeps its messages in the development outbox, or in production fails them visibly in /ops. */
  transports?: Partial<Record<Channel, Transport>>;
  /** Tries and backoff of SMS and e-mail deliveries (tests shorten them). */
  deliveryPolicy?: Partial<DeliveryPolicy>;
  firebase?: FirebasePort;
  /** Game-vendor drivers by vendor code (tests); every other code uses the built-in ones. */
  vendorDrivers?: Record<string, GameVendorDriver>;
  /** Vendors connected over HTTP, per merchant (PORTICO_VENDORS: server/ports/vendors/config.ts). */
  vendors?: VendorSettings[];
  /** How the vendors' APIs, feeds and pictures are reached (tests: a fake vendor). */
  vendorFetch?: typeof fetch;
  opsToken?: string;
  /** The live stream's heartbeat and age (tests shorten them). */
  opsEvents?: Pick<OpsEventsModuleDeps, 'heartbeatMs' | 'maxAgeMs'>;
  /** Master secret of signed seamless-wallet calls; without it /seamless/* is off. */
  seamlessSecret?: string;
  /** Secret of the demo payment gateway's callbacks (outside production a development one when unset). */
  gatewaySecret?: string;
  /** Seals the payment channels' secrets in the database (PORTICO_SECRETS_KEY). */
  secretsKey?: string;
  /** Where uploaded proofs are stored: `storage`, else the local folder `uploadsDir` (server/ports/storage.ts). */
  uploadsDir?: string;
  storage?: StoragePort;
  /** Where in-house games draw outcomes (tests rig it). */
  gameRandom?: RandomInt;
  /** Official lottery results (XSMB, XSMT, XSMN): feed and/or operator entry; development stand-in when unset. */
  lotteryResults?: ResultsSource;
  /** Proxies whose X-Forwarded-For is believed (config.ts TrustProxy); none by default, never all. */
  trustProxy?: TrustProxy | false;
  distDir?: string;
  geo?: GeoPort;
  /** Whether the server's fonts draw a picture's text (art/fonts.ts; fontconfig by default, tests fake it). */
  fonts?: FontCheck;
  /** JSON log lines (pino) with request ids and credentials redacted; off when false or unset (tests). */
  logger?: boolean | LogOptions;
  /** Bearer token of GET /metrics; without it /metrics is open outside production and off in production. */
  metricsToken?: string;
  /** Milliseconds now of the job scheduler, its metrics and readiness (tests move it). */
  clock?: () => number;
  /** Per-IP rate limit of API calls (default on); bench/api-throughput.ts turns it off. */
  rateLimit?: boolean;
  /** Where rate limits count: the database on PostgreSQL (shared by every process), memory on PGlite (one process). */
  rateLimitStore?: RateLimitStoreKind;
  /** Runs a piece of work once across processes (Database.exclusive); given, the background jobs are registered
   * (server/main.ts starts them; tests drive jobs themselves). */
  exclusive?: Database['exclusive'];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs (registered here when `exclusive` is given, started by server/main.ts); closing the app
     * drains them. */
    jobs: Scheduler;
    /** How this process's caches hear of writes (server/db/invalidation.ts); closing the app stops listening. */
    invalidation: Invalidation;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db } = opts;
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logger === true ? {} : opts.logger) : false,
    genReqId: requestIdOf,
    trustProxy: fastifyTrustProxy(opts.trustProxy),
    bodyLimit: 1024 * 1024,
    // A path the router refuses before any route (a path parameter over 100 characters, a broken %-escape) gets
    // the envelope too, not Fastify's own body.
    frameworkErrors: (err, _req, reply) => {
      const long = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      (reply as FastifyReply)
        .status(long ? 414 : 400)
        .send(envelope('VALIDATION', long ? 'Path is too long' : 'Malformed path'));
    },
  });
  // Before any route: the not-found handler answers a known path's other methods with 405.
  const methodsOf = knownMethods(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  refuseControlCharacters(app);
  echoRequestId(app);
  const now = opts.clock ?? Date.now;
  const metrics = createMetrics({ db, now, jobs: () => jobs.status() });
  const jobs = createScheduler({
    now,
    around: metrics.observe,
    onRun(name, ms, err) {
      metrics.jobRun(name, ms, err);
      if (err !== undefined) app.log.error({ err, job: name }, 'background job failed');
    },
  });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  metricsRoutes(app, metrics, { token: opts.metricsToken, production: opts.production });
  healthRoutes(app, { db, jobs });

  // The composition root: every service below is built once from its dependencies and handed to the modules.
  // Per-process caches (merchants, sessions, balances on PGlite) hear of writes here; until it listens they are
  // bypassed.
  const invalidation = createInvalidation(db);
  app.decorate('invalidation', invalidation);
  app.addHook('onClose', () => invalidation.close());
  void invalidation.start().catch((err) => app.log.warn({ err }, 'cache invalidation not listening yet'));
  const merchants = createMerchantCache(db, invalidation);
  securityHeaders(app, {
    // Google's and the CDNs' hosts only on the pages of a merchant that uses them (http/csp.ts).
    contentSecurityPolicy: pagePolicy(app, (req) => resolveMerchant(merchants, req)),
    // Firebase's sign-in popup (signInWithPopup) hands its result back to the opener, which also watches it close:
    // same-origin would cut the two apart. Popups keep their opener; everything else stays isolated.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // Pictures may be drawn through the merchant's image CDNs, another origin than the page's (contract/cdn.ts).
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/art/')) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  // Replies and generated pictures over 1 KB travel compressed (brotli at the plugin's fast level 4, or gzip); the
  // built SPA's files come precompressed from the build (server/http/spa.ts) and pass through untouched.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  if (opts.rateLimit !== false)
    await app.register(rateLimit, {
      ...((opts.rateLimitStore ?? (embeddedClient(db) ? 'memory' : 'database')) === 'database' && {
        store: databaseRateLimitStore(db, {
          onError: (err, failOpen) =>
            app.log.error({ err }, `rate-limit store failed: ${failOpen ? 'let through' : 'refused'}`),
        }),
      }),
      max: 1200,
      timeWindow: '1 minute',
      // Pages, scripts and pictures are cheap and cached: only API calls count against a visitor's budget.
      allowList: (req) => !isCallPath(req.url),
      errorResponseBuilder: (req, ctx) => {
        metrics.rateLimited(routeOf(req));
        return new DomainError(
          429,
          'RATE_LIMITED',
          `Too many requests, try again in ${Math.ceil(ctx.ttl / 1000)} s`,
        );
      },
    });
  await registerOpenApi(app, { production: opts.production });

  const geo = opts.geo ?? tableGeo(DEMO_GEO_TABLE);
  const devTools = !opts.production;
  const transports = opts.transports ?? {};
  const deliveries = createDeliveries(db, {
    transports,
    now: () => new Date(now()),
    policy: opts.deliveryPolicy,
    onFailed: (d) => app.log.warn({ delivery: d }, 'message delivery failed'),
  });
  // A queued message wakes the delivery job at once (after the run under way, which may have missed it).
  const wake = () => {
    if (opts.exclusive)
      void jobs
        .runNow('deliveries')
        .then(() => jobs.runNow('deliveries'))
        .catch(() => undefined);
  };
  const messaging =
    opts.messaging ??
    queuedMessaging(db, {
      delivers: (channel) => Boolean(transports[channel]) || Boolean(opts.production),
      now: () => new Date(now()),
      onQueued: wake,
    });
  const sessions = createSessionService(db, undefined, { invalidation });
  const ledger = createLedger(db);
  const audit = createAuditLog(db);
  const operators = createOperators(db, {
    audit,
    envToken: opts.opsToken,
    production: opts.production,
    onLoginFailure: (reason) => metrics.loginFailed('operator', 'password', reason),
  });
  // Operator calls (`auth: 'ops'`) anywhere below answer to an operator session or the environment token, within
  // the operator's merchants and, where it is required, once two-factor login is on.
  app.decorate('authenticateOps', opsGate(operators, createScopeCheck(db)));
  // Who exported which list with which filters (every operator list answers ?format=csv: server/http/csv.ts).
  app.decorate('recordExport', audit.record);
  const rules = createRulesStore(db);
  // What pays members is drafted by one operator and approved by another (maker-checker).
  const changes = buildChanges(db, { audit, rules, topics: RULE_TOPICS });
  const rewards = createRewards(db, { ledger, audit, rules, random: opts.gameRandom ?? cryptoRandom });
  const messages = createMessageService(db);
  const responsible = createResponsibleGambling(db, audit);
  // Every member call passes the one standing check (locked, password change due, break, maintenance, region).
  app.decorate('standing', createStandingCheck({ geo, breakOf: responsible.breakOf }));
  const referrals = createReferrals(db, { ledger, audit, rules });
  const uploads = { storage: uploadsStorage(opts) };
  const payments = createPayments(db, {
    ...opts,
    ...uploads,
    audit,
    checkDeposit: responsible.checkDeposit,
    rules,
    onOrder: paymentFollowUps({ referrals, rewards, rules }),
    onUnreadableChannel: (channelId, err) =>
      app.log.error({ channelId, err: err.message }, 'payment channel left out: its secrets do not open'),
  });
  const connected = opts.vendors ?? [];
  const drivers = vendorDrivers(ledger, {
    overrides: opts.vendorDrivers,
    connected,
    connect: (settings) =>
      httpVendorDriver(settings, {
        ledger,
        players: createPlayerDirectory(db, merchants),
        fetch: opts.vendorFetch,
      }),
    production: opts.production,
  });
  const vendorSync = createVendorSync(db, {
    drivers,
    pictures: createPictureStore(uploads.storage, opts.vendorFetch),
    audit,
  });
  // Production never stands in for the state lottery companies: without a source given, operators enter results.
  const resultsSource: ResultsSource =
    opts.lotteryResults ??
    (opts.production ? officialResults({ trustFeed: false }) : { kind: 'development' });
  const draws = createDrawEngine(db, { results: resultsSource });
  const lotteryResults = createResultsService(db, { engine: draws, audit, source: resultsSource });
  const settlement = createSettlement(db, { ledger });
  if (opts.exclusive)
    for (const job of backgroundJobs(db, {
      audit,
      engine: draws,
      results: lotteryResults,
      settlement,
      deliveries,
      exclusive: opts.exclusive,
      vendorSync,
    }))
      jobs.register(job);
  const captcha = createCaptchaService(db);
  const content = createContentService(db);
  const sms = createSmsService(db, messaging, captcha);
  const auth = createAuthService(db, {
    sessions,
    captcha,
    sms,
    audit,
    firebase: opts.firebase ?? firebaseVerifier(),
    referrer: referrals.referrer,
    onLoginFailure: (attempt, reason) => metrics.loginFailed('member', attempt.method, reason),
    onTrialOpened: (merchantCode, memberId) => grantTrialCredit(ledger, merchantCode, memberId),
  });
  // The public catalogue's replies, shared by the modules that serve them (emptied by catalogue writes).
  const replies = createReplyCache();
  await app.register(async (api) => {
    sessionScope(api, merchants, sessions);
    await api.register(systemRoutes, { system: createSystemService(db, geo) });
    await api.register(gamesRoutes, {
      games: createGamesService(db),
      lists: createGameListService(db),
      plays: createPlayListService(db),
      board: createWinnerBoard(db),
      replies,
    });
    await api.register(responsibleRoutes, { responsible });
    await api.register(launchRoutes, {
      launches: createLaunchService(db, drivers, responsible, undefined, { ledger, audit }),
    });
    await api.register(contentRoutes, { content, replies });
    await api.register(authRoutes, { auth, captcha, sms, sessions, devTools });
    const passwords = createPasswordStore(db, { sessions, audit });
    await api.register(memberRoutes, {
      members: createMemberService(passwords),
      recovery: createPasswordRecovery(db, { passwords, sms, messaging, audit }),
    });
    await api.register(agentRoutes, {
      team: createTeamService(db),
      downline: createDownlineService(db, { auth, audit }),
    });
    await api.register(walletRoutes, {
      wallet: createWalletService(db, { ledger, drivers, audit, paymentPasswords: payments.passwords }),
      balances: createBalanceReader(db, { invalidation }),
    });
    // In-house rounds are audited as the member's own play (INHOUSE_*), a vendor's calls as the vendor's.
    const seamless = createSeamlessWallet(db, { guard: responsible, audit, auditAs: inhouseAudit });
    api.decorate('authenticateLaunch', createLaunchResolver(db));
    const random = opts.gameRandom ?? cryptoRandom;
    const report = (err: unknown) => app.log.error({ err }, 'in-house round rollback failed');
    await api.register(inhouseRoutes, {
      games: createInhouseService(db, { seamless, ledger, random, report }),
    });
    // Connected vendors sign with their own secret; the others with a key derived from the master secret.
    if (opts.seamlessSecret || connected.some((v) => v.wallet === 'seamless'))
      await api.register(seamlessRoutes, {
        wallet: createSeamlessWallet(db, { guard: responsible, audit }),
        directory: createSeamlessDirectory(db),
        masterSecret: opts.seamlessSecret,
        secretOf: (merchant, vendor) =>
          connected.find((v) => v.merchant === merchant && v.vendor === vendor && v.wallet === 'seamless')
            ?.secret,
      });
    await api.register(vendorDemoRoutes, { vendorDemo: createVendorDemo(db, { ledger, drivers, audit }) });
    await api.register(paymentRoutes, { payments });
    await api.register(referralRoutes, { referrals });
    await api.register(rewardRoutes, { rewards });
    await api.register(missionRoutes, { missions: createMissionService(db, { ledger, audit, rules }) });
    await api.register(rebateRoutes, { rebate: createRebateService(db, { ledger, audit, rules }) });
    await api.register(messageRoutes, { messages });
    await api.register(lotteryRoutes, {
      lottery: createLotteryService(db, { rules, guard: responsible, engine: draws }),
    });
  });
  await app.register(contractRoutes, {
    merchants,
    contracts: createContracts(db, { audit }),
    settlement,
    sessions,
    production: opts.production,
  });
  await app.register(transferRoutes, {
    merchants,
    sessions,
    transfers: createDownlineTransfers(db, {
      ledger,
      audit,
      rules,
      paymentPasswords: payments.passwords,
      breakOf: responsible.breakOf,
    }),
  });
  await app.register(helpRoutes, {
    help: createHelpService(db),
    items: createHelpItems(db, audit),
    merchants,
    sessions,
  });
  await app.register(pointsRoutes, {
    merchants,
    points: createPointsService(db, { ledger, audit, rules }),
    decisions: createRedemptionDecisions(db, { ledger, audit }),
    sessions,
  });
  await app.register(promotionRoutes, {
    promotions: createPromotions({ db, ledger, audit, changes, ...uploads }),
    merchants,
    sessions,
  });
  await app.register(noticeRoutes, { notices: createNoticeService(db, audit) });
  if (devTools) await app.register(devRoutes, { devTools: createDevTools(db, captcha) });
  await app.register(artRoutes, {
    catalogue: createArtCatalogue(db),
    merchants,
    fonts: opts.fonts ?? fontCheck(),
  });
  await app.register(downloadRoutes, { merchants });
  await app.register(opsRoutes, {
    ops: createOpsService(db, audit),
    payments: payments.service,
    audit: payments.audit,
    messages,
    tickets: rewards.tickets,
    rules,
    topics: RULE_TOPICS,
    changes,
  });
  await app.register(changeRoutes, { changes });
  await app.register(merchantSettingsRoutes, {
    settings: createMerchantSettings(db, { audit, rules, changes }),
  });
  await app.register(dashboardRoutes, { dashboard: createDashboard(db, () => new Date(now())), merchants });
  const opsEventBus = createOpsEventBus(db);
  app.decorate('opsEventBus', opsEventBus);
  await app.register(opsEventRoutes, { bus: opsEventBus, ...opts.opsEvents });
  await app.register(paymentChannelRoutes, { channels: payments.channels });
  await app.register(vendorRoutes, { sync: vendorSync });
  await app.register(catalogueOpsRoutes, {
    catalogue: createGameCatalogue(db, audit),
    brandPictures: createBrandPictures(db, audit),
    pictures: createPictures(uploads.storage),
  });
  await app.register(lotteryResultRoutes, { results: lotteryResults, now: () => new Date(now()) });
  await app.register(deliveryRoutes, { deliveries, wake });
  await app.register(backofficeRoutes, { office: createBackoffice(db, audit), operators });
  if (opts.distDir) await registerSpa(app, opts.distDir);
  const page =
    opts.distDir && app.hasDecorator('spaIndex')
      ? pageDocument(opts.distDir, {
          merchantCodeOf: async (req, wanted) => {
            const linked = wanted ? await merchants.byCode(wanted) : undefined;
            return (linked ?? (await resolveMerchant(merchants, req).catch(() => undefined)))?.code;
          },
          firstBannerUrl: content.firstBannerUrl,
          app,
        })
      : undefined;

  app.setNotFoundHandler(async (req, reply) => {
    const allowed = methodsOf(req.method, req.url.split('?')[0] ?? '');
    if (allowed.length > 0)
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(envelope('METHOD_NOT_ALLOWED', `${req.method} is not allowed here: ${allowed.join(', ')}`));
    if (page && req.method === 'GET' && isPagePath(req.url)) {
      reply.type('text/html').header('cache-control', 'no-cache').header('vary', 'accept-encoding, cookie');
      return sendCompressed(req, reply, await page(req));
    }
    return reply.code(404).send(envelope('NOT_FOUND', `No route ${req.method} ${req.url.split('?')[0]}`));
  });
  return app;
}
