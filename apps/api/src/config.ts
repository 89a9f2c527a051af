import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Every environment variable the server reads, with its default. Nothing else reads process.env. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Unset: loopback while the Auth emulator is on (its tokens are unsigned), every interface otherwise.
  HOST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: z.string().url().optional(),
  WEB_DIST_DIR: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  FIREBASE_PROJECT_ID: z.string().min(1).default('demo-loyalty-portal'),
  FIREBASE_AUTH_EMULATOR_HOST: z.string().optional(),
  FIREBASE_API_KEY: z.string().default('demo-api-key'),
  FIREBASE_AUTH_DOMAIN: z.string().optional(),
  FIREBASE_APP_ID: z.string().default('demo-app-id'),
  FIREBASE_STORAGE_BUCKET: z.string().optional(),
  FIREBASE_MESSAGING_SENDER_ID: z.string().optional(),
  SEED_DEMO: bool,
  DEMO_EMAIL: z.string().email().default('owner@demo.loyalty.test'),
  DEMO_PASSWORD: z.string().min(8).default('demo-password'),
  REDIS_URL: z.string().url().optional(),
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  RATE_LIMIT_ONBOARDING_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_AUTH_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Uploaded images: local disk under DATA_DIR/uploads (default) or any S3-compatible store.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  /** Open screens (change event streams) one instance serves at once; 0 turns change events off. */
  LIVE_MAX_CONNECTIONS: z.coerce.number().int().min(0).max(100_000).default(1000),
  /** Of those, what one team user's account and one customer's phone may hold (docs/design.md §10). */
  LIVE_MAX_STREAMS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  LIVE_MAX_STREAMS_PER_PHONE: z.coerce.number().int().min(1).max(1000).default(5),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  // The address customers and wallets reach; passes carry PUBLIC_URL/api/passkit as their web service.
  PUBLIC_URL: z.string().url().optional(),
  // A second listener on a network address (e.g. 192.168.1.20:3080) serving only the customer pages, their public
  // API, the wallet web service and the emulator's phone sign-in: phones on the LAN join while the staff portal
  // and the admin API stay on HOST (docs/configuration.md: "A phone on your network").
  CUSTOMER_LISTEN: z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be address:port, such as 192.168.1.20:3080')
    .optional(),
  // The registration screen's Terms of Service and Privacy Policy: the operator's own pages, else the product's.
  TERMS_URL: z.string().url().optional(),
  PRIVACY_URL: z.string().url().optional(),
  // Apple Wallet: the Pass Type ID certificate (PEM files), Apple's WWDR intermediate and the APNs token key.
  // Unset outside production: a local chain under DATA_DIR/wallet-dev/ (passes no real iPhone installs).
  APPLE_PASS_TYPE_ID: z
    .string()
    .regex(/^pass\.[A-Za-z0-9.-]+$/, 'must look like pass.com.example.loyalty')
    .optional(),
  APPLE_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Team ID')
    .optional(),
  APPLE_PASS_CERT_FILE: z.string().optional(),
  APPLE_PASS_KEY_FILE: z.string().optional(),
  APPLE_PASS_KEY_PASSPHRASE: z.string().optional(),
  APPLE_WWDR_CERT_FILE: z.string().optional(),
  APNS_KEY_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be the 10-character Key ID')
    .optional(),
  APNS_KEY_FILE: z.string().optional(),
  APNS_URL: z.string().url().default('https://api.push.apple.com'),
  // A CA (PEM file) to trust for APNS_URL besides the system's: a local stand-in's.
  APNS_CA_FILE: z.string().optional(),
  // The PostgreSQL schema the job queue (pg-boss) keeps its tables in.
  JOB_QUEUE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,40}$/)
    .default('pgboss'),
  // The clock's work (lapsed points, expiry warnings, the daily tier review) on this instance's queue; several
  // instances may all run it (each piece is done once). Off: this instance only serves requests.
  SCHEDULED_WORK: bool,
  RATE_LIMIT_PASSKIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Google Wallet: the issuer id of the Google Pay & Wallet Console and a service account's JSON key (its
  // token_uri is where the REST token comes from). Unset outside production: a development key and issuer id
  // under DATA_DIR/wallet-dev/ (save links verifiable offline, no REST calls).
  GOOGLE_WALLET_ISSUER_ID: z
    .string()
    .regex(/^\d{1,25}$/, 'must be the numeric issuer id')
    .optional(),
  GOOGLE_WALLET_KEY_FILE: z.string().optional(),
  GOOGLE_WALLET_API: z.string().url().default('https://walletobjects.googleapis.com/walletobjects/v1'),
  // The public join and card calls (docs/design.md §8): per address, per verified phone, per business.
  RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_PUBLIC_PER_PHONE_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_PUBLIC_PER_TENANT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Signs the card page's short-lived Apple Wallet links; unset: a random key per process (one instance).
  CARD_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  // The key Apple Wallet pass tokens are derived from (with the member and a version; never stored): the same
  // on every instance and kept for good, or installed passes stop updating. Required in production; elsewhere
  // a key made once under DATA_DIR/wallet-dev/.
  PASS_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  // Webhooks may go to private, loopback and link-local addresses (a receiver on this machine): the default
  // outside production, never by default in production (SSRF).
  WEBHOOK_ALLOW_PRIVATE: bool,
  // The first retry of a failed delivery, doubled on each of the next ones (about a day in all by default).
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  // Finished deliveries (delivered or given up) older than this are deleted, hourly; pending ones stay.
  WEBHOOK_DELIVERY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
});

// Exported so test/configuration-doc.test.ts can check docs/configuration.md lists every one of them.
export const configVariables = Object.keys(envSchema.shape);

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  dataDir: string;
  databaseUrl?: string;
  webDistDir: string;
  firebase: {
    projectId: string;
    emulatorHost?: string;
    web: { apiKey: string; authDomain: string; appId: string; storageBucket?: string; messagingSenderId?: string };
  };
  seedDemo: boolean;
  demo: { email: string; password: string };
  /** Rate-limit counters go to Redis when set (several instances), else stay in memory. */
  redisUrl?: string;
  rateLimits: {
    writesPerMinute: number;
    onboardingPerMinute: number;
    uploadsPerMinute: number;
    authFailuresPerMinute: number;
    /** Requests per minute one API key may make, whatever it calls. */
    apiKeyPerMinute: number;
  };
  storage: StorageConfig;
  /** The largest file POST /api/oci-object-storage takes (413 beyond). */
  uploadMaxBytes: number;
  /** Change event streams one instance serves at once (modules/live); 0: change events off. */
  liveMaxConnections: number;
  /** Streams one team user's account, and one customer's phone, may hold on one instance (429 beyond). */
  liveStreamsPerAccount: number;
  liveStreamsPerPhone: number;
  publicUrl: string;
  /** CUSTOMER_LISTEN: the customer-only listener (lib/customer-listener.ts); unset: none. */
  customerListen?: { host: string; port: number };
  /** Where /terms and /privacy send the reader; unset: the product's own pages. */
  legal: { termsUrl?: string; privacyUrl?: string };
  wallet: WalletConfig;
  googleWallet: GoogleWalletConfig;
  jobQueueSchema: string;
  /** Whether this instance runs the scheduled work (points lapsing on time, the tier review). */
  scheduledWork: boolean;
  /** The customer's join and card calls (docs/design.md §8). */
  enrolment: EnrolmentConfig;
  webhooks: WebhooksConfig;
};

export type EnrolmentConfig = {
  /** HMAC key of the card's signed pass links; undefined: a random one per process. */
  linkSecret?: string;
  perIpPerMinute: number;
  perPhonePerMinute: number;
  perTenantPerMinute: number;
};

/**
 * Google Wallet settings. `keyFile` and `issuerId` name a real issuer (required in production); without them a
 * development key and issuer id are made under `devDir`, links are signed with it and REST stays off.
 */
export type GoogleWalletConfig = {
  issuerId?: string;
  keyFile?: string;
  api: string;
  devDir: string;
};

export type WebhooksConfig = {
  allowPrivate: boolean;
  retryDelaySeconds: number;
  retentionDays: number;
};

/**
 * Apple Wallet settings. `files` names real certificates (required in production); without them the
 * development chain under `devDir` is made once and used.
 */
export type WalletConfig = {
  passTypeId: string;
  teamId: string;
  devDir: string;
  files?: { signerCert: string; signerKey: string; signerKeyPassphrase?: string; wwdrCert: string };
  apns: { keyId?: string; keyFile?: string; url: string; caFile?: string };
  ratePerMinute: number;
  /** PASS_TOKEN_SECRET; unset outside production (a development key under `devDir`). */
  tokenSecret?: string;
};

export type StorageConfig =
  | { driver: 'local'; directory: string }
  | {
      driver: 's3';
      endpoint?: string;
      region: string;
      bucket: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in a .env-style environment mean "unset", not "the empty value".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV !== 'development' && e.NODE_ENV !== 'test' && e.FIREBASE_AUTH_EMULATOR_HOST) {
    // Emulator tokens are unsigned: accepting them outside development and tests would let anyone in.
    throw new ConfigError(`FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=${e.NODE_ENV}`);
  }
  if (e.SEED_DEMO && e.NODE_ENV !== 'development') {
    // The demo owner has a published password.
    throw new ConfigError(
      `SEED_DEMO creates an owner with a known password; it is refused when NODE_ENV=${e.NODE_ENV}`,
    );
  }
  if (e.NODE_ENV === 'production' && e.FIREBASE_PROJECT_ID.startsWith('demo-')) {
    throw new ConfigError(
      `FIREBASE_PROJECT_ID must name your real Firebase project in production (got ${e.FIREBASE_PROJECT_ID})`,
    );
  }
  const customerListen = customerListenOf(e.CUSTOMER_LISTEN);
  return {
    storage: storageConfig(e),
    customerListen,
    // Unset, the customer listener's address when there is one: the join link and the poster's QR code then
    // open on a phone of the same network.
    publicUrl: (e.PUBLIC_URL ?? `http://${customerListen ? e.CUSTOMER_LISTEN : `localhost:${e.PORT}`}`).replace(
      /\/+$/,
      '',
    ),
    legal: { termsUrl: e.TERMS_URL, privacyUrl: e.PRIVACY_URL },
    wallet: walletConfig(e),
    googleWallet: googleWalletConfig(e),
    jobQueueSchema: e.JOB_QUEUE_SCHEMA,
    scheduledWork: e.SCHEDULED_WORK ?? true,
    enrolment: {
      linkSecret: e.CARD_LINK_SECRET,
      perIpPerMinute: e.RATE_LIMIT_PUBLIC_PER_IP_PER_MINUTE,
      perPhonePerMinute: e.RATE_LIMIT_PUBLIC_PER_PHONE_PER_MINUTE,
      perTenantPerMinute: e.RATE_LIMIT_PUBLIC_PER_TENANT_PER_MINUTE,
    },
    webhooks: {
      allowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? e.NODE_ENV !== 'production',
      retryDelaySeconds: e.WEBHOOK_RETRY_DELAY_SECONDS,
      retentionDays: e.WEBHOOK_DELIVERY_RETENTION_DAYS,
    },
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    liveMaxConnections: e.LIVE_MAX_CONNECTIONS,
    liveStreamsPerAccount: e.LIVE_MAX_STREAMS_PER_ACCOUNT,
    liveStreamsPerPhone: e.LIVE_MAX_STREAMS_PER_PHONE,
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? (e.FIREBASE_AUTH_EMULATOR_HOST ? '127.0.0.1' : '0.0.0.0'),
    logLevel: e.LOG_LEVEL,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    webDistDir: resolve(e.WEB_DIST_DIR),
    firebase: {
      projectId: e.FIREBASE_PROJECT_ID,
      emulatorHost: e.FIREBASE_AUTH_EMULATOR_HOST,
      web: {
        apiKey: e.FIREBASE_API_KEY,
        authDomain: e.FIREBASE_AUTH_DOMAIN ?? `${e.FIREBASE_PROJECT_ID}.firebaseapp.com`,
        appId: e.FIREBASE_APP_ID,
        storageBucket: e.FIREBASE_STORAGE_BUCKET,
        messagingSenderId: e.FIREBASE_MESSAGING_SENDER_ID,
      },
    },
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV === 'development' && Boolean(e.FIREBASE_AUTH_EMULATOR_HOST)),
    demo: { email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD },
    redisUrl: e.REDIS_URL,
    rateLimits: {
      writesPerMinute: e.RATE_LIMIT_WRITES_PER_MINUTE,
      onboardingPerMinute: e.RATE_LIMIT_ONBOARDING_PER_MINUTE,
      uploadsPerMinute: e.RATE_LIMIT_UPLOADS_PER_MINUTE,
      authFailuresPerMinute: e.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE,
      apiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
    },
  };
}

/** CUSTOMER_LISTEN split into the address and port the customer listener binds. */
function customerListenOf(value: string | undefined): Config['customerListen'] {
  if (!value) return undefined;
  const at = value.lastIndexOf(':');
  const port = Number(value.slice(at + 1));
  if (port < 1 || port > 65535) throw new ConfigError('CUSTOMER_LISTEN: the port must be 1 to 65535');
  return { host: value.slice(0, at), port };
}

/** The storage driver's settings; STORAGE_DRIVER=s3 needs its bucket, region and keys (a clear start-up error). */
function storageConfig(e: z.infer<typeof envSchema>): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local', directory: resolve(e.DATA_DIR, 'uploads') };
  const required = {
    S3_REGION: e.S3_REGION,
    S3_BUCKET: e.S3_BUCKET,
    S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY,
  };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) throw new ConfigError(`STORAGE_DRIVER=s3 needs ${missing.join(', ')}`);
  return {
    driver: 's3',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION as string,
    bucket: e.S3_BUCKET as string,
    accessKeyId: e.S3_ACCESS_KEY_ID as string,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY as string,
    // Path-style (https://endpoint/bucket/key) is what OCI, MinIO and s3rver answer; AWS and R2 take both.
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? true,
  };
}

const walletFiles = [
  'APPLE_PASS_TYPE_ID',
  'APPLE_TEAM_ID',
  'APPLE_PASS_CERT_FILE',
  'APPLE_PASS_KEY_FILE',
  'APPLE_WWDR_CERT_FILE',
  'APNS_KEY_ID',
  'APNS_KEY_FILE',
] as const;

/** Real certificates in production (refused without them); a local development chain otherwise. */
function walletConfig(e: z.infer<typeof envSchema>): WalletConfig {
  const missing = walletFiles.filter((name) => !e[name]);
  if (e.NODE_ENV === 'production' && missing.length > 0) {
    throw new ConfigError(
      `Apple Wallet needs real certificates in production; set ${missing.join(', ')} (docs/deploying.md: Apple Wallet passes)`,
    );
  }
  if (e.NODE_ENV === 'production' && !e.PASS_TOKEN_SECRET) {
    throw new ConfigError(
      'Apple Wallet pass tokens need PASS_TOKEN_SECRET in production: 32 or more random characters, the same on every instance and kept for good (docs/deploying.md: Apple Wallet passes)',
    );
  }
  const apns = { keyId: e.APNS_KEY_ID, keyFile: e.APNS_KEY_FILE, url: e.APNS_URL, caFile: e.APNS_CA_FILE };
  const base = {
    tokenSecret: e.PASS_TOKEN_SECRET,
    passTypeId: e.APPLE_PASS_TYPE_ID ?? 'pass.test.loyalty-portal.dev',
    teamId: e.APPLE_TEAM_ID ?? 'DEVTEAM000',
    devDir: resolve(e.DATA_DIR, 'wallet-dev'),
    apns,
    ratePerMinute: e.RATE_LIMIT_PASSKIT_PER_MINUTE,
  };
  if (!e.APPLE_PASS_CERT_FILE || !e.APPLE_PASS_KEY_FILE || !e.APPLE_WWDR_CERT_FILE) return base;
  return {
    ...base,
    files: {
      signerCert: resolve(e.APPLE_PASS_CERT_FILE),
      signerKey: resolve(e.APPLE_PASS_KEY_FILE),
      signerKeyPassphrase: e.APPLE_PASS_KEY_PASSPHRASE,
      wwdrCert: resolve(e.APPLE_WWDR_CERT_FILE),
    },
  };
}

/** A real issuer in production (refused without one, as Apple's certificates are); the development key otherwise. */
function googleWalletConfig(e: z.infer<typeof envSchema>): GoogleWalletConfig {
  const given = {
    GOOGLE_WALLET_ISSUER_ID: e.GOOGLE_WALLET_ISSUER_ID,
    GOOGLE_WALLET_KEY_FILE: e.GOOGLE_WALLET_KEY_FILE,
  };
  const missing = Object.entries(given)
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (e.NODE_ENV === 'production' && missing.length > 0) {
    throw new ConfigError(
      `Google Wallet needs a real issuer in production; set ${missing.join(', ')} (docs/deploying.md: Google Wallet)`,
    );
  }
  // Half a configuration is a mistake, not a request for the development key.
  if (missing.length === 1) throw new ConfigError(`Google Wallet needs ${missing[0]} too`);
  const devDir = resolve(e.DATA_DIR, 'wallet-dev');
  if (!e.GOOGLE_WALLET_ISSUER_ID || !e.GOOGLE_WALLET_KEY_FILE) return { api: e.GOOGLE_WALLET_API, devDir };
  return {
    issuerId: e.GOOGLE_WALLET_ISSUER_ID,
    keyFile: resolve(e.GOOGLE_WALLET_KEY_FILE),
    api: e.GOOGLE_WALLET_API.replace(/\/+$/, ''),
    devDir,
  };
}
