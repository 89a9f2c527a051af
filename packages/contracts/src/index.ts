export * from './errors';
export * from './identity';
export * from './onboarding';
export * from './phone';
export * from './profile';
