export { privacyPublicRoutes } from './public-routes';
export { privacyRoutes } from './routes';
