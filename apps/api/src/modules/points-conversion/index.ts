export { pointsConversionRoutes } from './routes';
