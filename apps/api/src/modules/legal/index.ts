export { legalRoutes } from './routes';
