export { reportsRoutes } from './routes';
