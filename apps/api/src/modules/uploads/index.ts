export { uploadsRoutes } from './routes';
