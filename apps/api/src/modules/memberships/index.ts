export { membershipsRoutes } from './routes';
