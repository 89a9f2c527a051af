export { identityRoutes } from './routes';
