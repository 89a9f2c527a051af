export { exportLedger, listLedger } from './entries';
export { sweepLapsedPoints, warnExpiringPoints } from './expiry-sweep';
export { keyReusedWithAnotherBody } from './idempotency';
export { createLedger, type Ledger, type Writers } from './ledger';
export { ledgerRoutes } from './routes';
export { dbNow, keyUsedForAnotherMember, lockMember } from './steps';
