export { storeSettingsRoutes } from './routes';
