export * from './audit';
export * from './members';
export * from './membership-tiers';
export * from './settings';
export * from './tenants';
export * from './uploads';
export * from './wallet';
