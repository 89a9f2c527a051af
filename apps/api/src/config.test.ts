import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const realWallet = {
  APPLE_PASS_TYPE_ID: 'pass.com.acme.loyalty',
  APPLE_TEAM_ID: 'ABCDE12345',
  APPLE_PASS_CERT_FILE: '/etc/wallet/pass.pem',
  APPLE_PASS_KEY_FILE: '/etc/wallet/pass.key',
  APPLE_WWDR_CERT_FILE: '/etc/wallet/wwdr.pem',
  APNS_KEY_ID: 'KEY1234567',
  APNS_KEY_FILE: '/etc/wallet/AuthKey.p8',
  GOOGLE_WALLET_ISSUER_ID: '3388000000012345678',
  GOOGLE_WALLET_KEY_FILE: '/etc/wallet/google-service-account.json',
  PASS_TOKEN_SECRET: 'a-production-pass-token-secret-of-40-chars',
};

describe('config', () => {
  it('applies the documented defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(resolve('./.data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.firebase.projectId).toBe('demo-loyalty-portal');
    expect(config.firebase.emulatorHost).toBeUndefined();
    expect(config.firebase.web.authDomain).toBe('demo-loyalty-portal.firebaseapp.com');
    expect(config.seedDemo).toBe(false);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', FIREBASE_AUTH_EMULATOR_HOST: '' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(resolve('./.data'));
    expect(config.firebase.emulatorHost).toBeUndefined();
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/lp-data',
      FIREBASE_PROJECT_ID: 'acme',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      DATABASE_URL: 'postgres://u@db:5432/x',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/tmp/lp-data');
    expect(config.firebase.projectId).toBe('acme');
    expect(config.firebase.emulatorHost).toBe('127.0.0.1:9099');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/x');
  });

  it.each(['abc', '70000', '-1', '3.5'])('rejects PORT=%s with a ConfigError naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('rejects other invalid values with a ConfigError', () => {
    expect(() => loadConfig({ NODE_ENV: 'staging' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(ConfigError);
  });

  it('refuses the emulator in production', () => {
    const env = { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
    // Production without the emulator, on a real project with real wallet certificates, is fine.
    expect(loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-loyalty', ...realWallet }).env).toBe(
      'production',
    );
  });

  it('refuses a production start on the demo project id', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/FIREBASE_PROJECT_ID/);
    expect(() => loadConfig({ NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-x' })).toThrow(ConfigError);
  });

  it('refuses SEED_DEMO outside development', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
    const prod = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-loyalty', SEED_DEMO: 'true', ...realWallet };
    expect(() => loadConfig(prod)).toThrow(/SEED_DEMO/);
    expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('refuses a production start without real Apple Wallet certificates, naming what is missing', () => {
    const prod = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-loyalty' };
    expect(() => loadConfig(prod)).toThrow(/APPLE_PASS_TYPE_ID.*APNS_KEY_FILE/);
    const { APNS_KEY_FILE: _, ...withoutKey } = realWallet;
    expect(() => loadConfig({ ...prod, ...withoutKey })).toThrow(/needs real certificates.*APNS_KEY_FILE/);
    const config = loadConfig({ ...prod, ...realWallet });
    expect(config.wallet.files?.wwdrCert).toBe('/etc/wallet/wwdr.pem');
    // Pass tokens are derived from a key every instance shares: none, no production start.
    const { PASS_TOKEN_SECRET: __, ...withoutTokenKey } = realWallet;
    expect(() => loadConfig({ ...prod, ...withoutTokenKey })).toThrow(/PASS_TOKEN_SECRET/);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('refuses a production start without a real Google Wallet issuer, and half a configuration anywhere', () => {
    const prod = { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'acme-loyalty' };
    const { GOOGLE_WALLET_KEY_FILE: _, GOOGLE_WALLET_ISSUER_ID: __, ...apple } = realWallet;
    expect(() => loadConfig({ ...prod, ...apple })).toThrow(/GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY_FILE/);
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: '123' })).toThrow(/GOOGLE_WALLET_KEY_FILE/);
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: 'abc', GOOGLE_WALLET_KEY_FILE: '/k.json' })).toThrow(
      /numeric issuer id/,
    );
    const config = loadConfig({ ...prod, ...realWallet });
    expect(config.googleWallet).toMatchObject({
      issuerId: '3388000000012345678',
      keyFile: '/etc/wallet/google-service-account.json',
      api: 'https://walletobjects.googleapis.com/walletobjects/v1',
    });
    expect(loadConfig({ DATA_DIR: '/tmp/lp' }).googleWallet).toEqual({
      api: 'https://walletobjects.googleapis.com/walletobjects/v1',
      devDir: '/tmp/lp/wallet-dev',
    });
  });

  it('uses the development wallet chain under DATA_DIR when no certificates are given', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/lp', PORT: '3100', PUBLIC_URL: 'https://loyalty.example.com/' });
    expect(config.wallet.files).toBeUndefined();
    expect(config.wallet.devDir).toBe('/tmp/lp/wallet-dev');
    expect(config.publicUrl).toBe('https://loyalty.example.com');
  });

  it('listens on loopback only while the emulator is on, unless HOST is set', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).host).toBe('127.0.0.1');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({}).host).toBe('0.0.0.0');
  });
});
