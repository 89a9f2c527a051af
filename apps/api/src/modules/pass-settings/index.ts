export { passSettingsRoutes } from './routes';
