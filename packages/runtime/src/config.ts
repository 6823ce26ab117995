import path from 'node:path';
import { z } from 'zod';
import { SCRAPINGBEE_DEFAULT_ENDPOINT } from '@vendorwatch/contracts';

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

/** A whole number, or unset (absent or empty: compose files pass `${VAR:-}` as an empty string). */
const optionalInt = (min: number, max: number) =>
  z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(min).max(max).optional());

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** A token that guards an operators' endpoint: long enough that guessing it is hopeless. */
const operatorSecret = optionalString.pipe(
  z.string().min(16, { error: 'must be at least 16 characters (openssl rand -hex 32)' }).optional(),
);

/** A comma-separated list, each entry trimmed, empty ones dropped; unset is an empty list. */
const commaSeparated = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  );

/** `192.0.2.53`, `192.0.2.53:5353`, `[2001:db8::53]:53`: a resolver is an address, so it needs no lookup of its own. */
const DNS_SERVER = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * Every environment variable the backend and the workers read, validated once at start-up.
 * `.env.example` documents each of them; nothing else reads `process.env`.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Where users reach the app; used in confirmation links and as the token issuer. */
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** How long opening a PostgreSQL connection may take before the query fails (a partitioned server). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** The API's statement timeout: a request is not held by a query that takes longer (0 turns it off). */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /** The workers' statement timeout: longer, as they write whole crawls' pages (0 turns it off). */
  WORKER_DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(300_000),
  /** A read replica of DATABASE_URL for the dashboard and reports reads; unset, they use the primary. */
  DATABASE_READ_URL: optionalString,
  REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  QUEUE_PREFIX: z.string().min(1).default('vendorwatch'),
  /** 32 bytes, base64: encrypts API keys at rest. `npm start` creates one under DATA_DIR when unset. */
  ENCRYPTION_KEY: optionalString,
  FRONTEND_DIST: optionalString,
  /**
   * How long a client may take to send a whole request (Node's requestTimeout): a slow or stalled
   * client cannot hold a connection open for ever.
   */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  /** Behind a reverse proxy: how many proxy hops to trust for the client address (rate limits use it). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),

  SUPABASE_URL: optionalString,
  SUPABASE_ANON_KEY: z.string().default('embedded-auth'),
  AUTH_JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(604_800).default(3600),
  AUTH_AUTOCONFIRM: flag(false),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  AUTH_RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_TOKEN_REFRESH: z.coerce.number().int().min(1).default(150),
  /** MFA enrol, challenge, verify and remove, per client address and window. */
  AUTH_RATE_LIMIT_MFA: z.coerce.number().int().min(1).default(30),
  /** A session ends when it has not been refreshed for this long (the app refreshes while it is open). */
  AUTH_SESSION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(60).default(259_200),
  /** A session ends this long after sign-in, however active. */
  AUTH_SESSION_MAX_LIFETIME_SECONDS: z.coerce.number().int().min(60).default(2_592_000),
  /** How long an MFA challenge can be verified. */
  AUTH_MFA_CHALLENGE_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(3600).default(300),
  /** Wrong codes one MFA challenge takes; then it is spent and a new one is needed. */
  AUTH_MFA_CHALLENGE_MAX_FAILURES: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Wrong codes a factor takes within the window, from any client address, before it accepts no
   * code at all for the lock time; its owner is told by email.
   */
  AUTH_MFA_FACTOR_MAX_FAILURES: z.coerce.number().int().min(1).max(1000).default(20),
  AUTH_MFA_FACTOR_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  AUTH_MFA_FACTOR_LOCK_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  AUTH_JWKS_CACHE_SECONDS: z.coerce.number().int().min(0).default(600),
  /**
   * Origins of other sites allowed to call the API from a browser with credentials (comma separated,
   * e.g. https://admin.example.com). Unset: none — the app is served from the API's own origin.
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .map((entry) => entry.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'must be a comma-separated list of http(s) origins' })).max(50)),
  /** Origins besides PUBLIC_URL's that email links may redirect to (comma separated), e.g. a dev server. */
  AUTH_REDIRECT_URLS: commaSeparated,
  /** How long an emailed link (confirmation or password reset, and the code beside it) stays valid. */
  AUTH_EMAIL_LINK_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(3600).default(3600),
  /**
   * Single sign-on with the company's OpenID Connect provider (issue 42): the issuer (its
   * /.well-known/openid-configuration is read at start of each sign-in), this app's client id and
   * secret there, and the name the sign-in button shows. Unset issuer: no SSO.
   */
  AUTH_OIDC_ISSUER: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  AUTH_OIDC_CLIENT_ID: optionalString,
  AUTH_OIDC_CLIENT_SECRET: optionalString,
  AUTH_OIDC_NAME: optionalString.pipe(z.string().max(60).default('SSO')),
  /** The ID token claim that lists the user's groups (workspaces may override it). */
  AUTH_OIDC_GROUPS_CLAIM: optionalString.pipe(z.string().max(100).default('groups')),
  SMTP_URL: optionalString,
  SMTP_FROM: z.string().default('Vendorwatch <no-reply@vendorwatch.local>'),

  /**
   * The most crawls one worker process runs at once; it runs fewer when its load says so (the
   * autoscaler). Unset: 500, so one worker command on two cores can run a 1 000-vendor night at once.
   * WORKER_CONCURRENCY is its former name, still read.
   */
  WORKER_MAX_CONCURRENCY: optionalInt(1, 10_000),
  WORKER_CONCURRENCY: optionalInt(1, 10_000),
  /** Crawling processes one worker command runs (with DATABASE_URL; the embedded database keeps one). Unset: one per core. */
  WORKER_PROCESSES: optionalInt(1, 256),
  /** Chromium pages one worker process may hold open. Unset: two per GB of memory. */
  WORKER_MAX_BROWSER_PAGES: optionalInt(1, 10_000),
  /**
   * Pages one worker process's adaptive crawls render in Chromium at once (the rest wait their turn).
   * Rendering is CPU work: unset, four per core of the process's share of the machine (one process per
   * core: four), and never more than WORKER_MAX_BROWSER_PAGES allows.
   */
  WORKER_MAX_CONCURRENT_RENDERS: optionalInt(1, 10_000),
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  PROXY_URL: optionalString,
  CRAWL_ALLOW_PRIVATE_NETWORKS: flag(false),
  SCRAPINGBEE_ENDPOINT: z.string().default(SCRAPINGBEE_DEFAULT_ENDPOINT),
  /**
   * The DNS servers every lookup of a vendor's domains goes through (SPF, DMARC, MTA-STS, MX, CAA,
   * DNSSEC, DKIM, and the addresses of the hosts whose TLS is checked): comma-separated `host:port`
   * (`[v6]:port` for IPv6, port 53 when left out). Unset: the system's resolvers.
   */
  DNS_SERVERS: commaSeparated.pipe(
    z
      .array(
        z.string().regex(DNS_SERVER, { error: 'must be a comma-separated list of host:port (IP addresses, [v6]:port for IPv6)' }),
      )
      .max(10),
  ),
  /** How long one DNS query may take before its domain is "could not be checked". */
  DNS_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** The most DNS queries one assessment of a vendor's domains may make (SPF includes, DKIM selectors, up to 20 domains …). */
  DNS_MAX_QUERIES_PER_ASSESSMENT: z.coerce.number().int().min(10).max(100_000).default(500),
  /**
   * How long everything read about one crawl's domains and origins (DNS, the MTA-STS policies, the TLS
   * handshakes) may take together; what is left unread then is "could not be checked".
   */
  DOMAIN_POSTURE_BUDGET_MS: z.coerce.number().int().min(1000).max(3_600_000).default(120_000),
  /**
   * Floor under every crawl's delay between two requests to one host (the product's minimum is 500 ms).
   * Tests lower it to crawl their local fixture site quickly; production keeps the default.
   */
  CRAWL_MIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /**
   * The shortest time between two runs of a schedule that users may ask for (an hour). Operators and
   * tests may lower it, which also admits the `interval` kind below an hour.
   */
  SCHEDULE_MIN_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(3600),

  /** Fair use: crawls one user may start per window (every start request counts). */
  CRAWL_STARTS_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).default(60),
  CRAWL_STARTS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
  /**
   * Fair use: crawls of one user running at once; the others wait in the queue while other users' run.
   * The default leaves a company's whole vendor list — as many vendors as a workspace may keep
   * (VENDORS_PER_USER's default), scheduled at the same minute — free to run at once: waiting crawls
   * are already served users in turn by priority; a shared install with many tenants lowers it.
   */
  CRAWLS_RUNNING_PER_USER: z.coerce.number().int().min(1).max(10_000).default(1000),
  /** Fair use: vendors one workspace may keep, whoever adds them; adding one more is refused (409) until one is deleted. */
  VENDORS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /** Fair use: requests to the expensive routes (test crawl, connection test, scrape, report export) per user and window. */
  EXPENSIVE_REQUESTS_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).default(30),
  EXPENSIVE_REQUESTS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Fair use: page diffs (each computed on the API's diff thread, bounded in time) per user and window. */
  DIFF_READS_PER_WINDOW: z.coerce.number().int().min(1).max(100_000).default(30),
  DIFF_READS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),

  /** Alerts: a channel's next test alert may be sent this long after its last one. */
  ALERT_TEST_COOLDOWN_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Alerts: how long the link confirming an email channel's address stays valid. */
  ALERT_EMAIL_CONFIRMATION_EXPIRY_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(86_400),
  /** Alerts: one delivery attempt's whole time (connect, request, answer's headers); then it fails and is retried. */
  ALERT_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** Alerts: deliveries of one user in flight at once, across every worker: a slow receiver delays only its owner. */
  ALERT_DELIVERIES_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(1000).default(2),
  /** Alerts: messages one crawl may send in all (every channel and rule together). */
  ALERT_DELIVERIES_PER_CRAWL: z.coerce.number().int().min(1).max(1000).default(20),

  /** The programme (issue 40): how often the reminders of open remediation requests are looked for and sent. */
  PROGRAMME_REMINDER_INTERVAL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(3600),

  /** Bearer token Prometheus sends to scrape /metrics; unset, /metrics is off (404). */
  METRICS_TOKEN: operatorSecret,
  /** Token of the operators' pages (the queue dashboard at /admin/queues); unset, they are off (404). */
  OPERATOR_TOKEN: operatorSecret,
});

export type AppConfig = z.output<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const config = result.data;
  return { ...config, DATA_DIR: path.resolve(config.DATA_DIR) };
}

export const publicUrl = (config: AppConfig) => (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
