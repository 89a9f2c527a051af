export { memberImportRoutes } from './routes';
