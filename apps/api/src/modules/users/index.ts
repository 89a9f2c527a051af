export { usersRoutes } from './routes';
