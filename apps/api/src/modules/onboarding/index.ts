export { onboardingRoutes } from './routes';
