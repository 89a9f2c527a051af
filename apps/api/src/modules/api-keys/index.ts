export { type ApiKeyPrincipal, type ApiKeyVerifier, createApiKeyVerifier } from './keys';
export { apiKeysRoutes } from './routes';
