export { recordPosterDownload } from './repository';
export { setupRoutes } from './routes';
