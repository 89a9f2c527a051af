export { PKPASS_TYPE } from './apple/passkit-routes';
export { walletRoutes, walletServicePlugin } from './apple/routes';
export { googleWalletRoutes, googleWalletServicePlugin } from './google/routes';
export { expiringTexts, type PassLanguage } from './pass-strings';
