import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Every environment variable the server reads, with its default. Nothing else reads process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
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
});

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
  if (e.NODE_ENV === 'production' && e.FIREBASE_AUTH_EMULATOR_HOST) {
    // Emulator tokens are unsigned: accepting them in production would let anyone in.
    throw new ConfigError('FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production');
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
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
    seedDemo: e.SEED_DEMO ?? (e.NODE_ENV !== 'production' && Boolean(e.FIREBASE_AUTH_EMULATOR_HOST)),
    demo: { email: e.DEMO_EMAIL, password: e.DEMO_PASSWORD },
  };
}
