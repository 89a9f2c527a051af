export { businessTimeZoneSql, getBusinessProfile, initialBusinessProfile, setProfileFromPhone } from './profile';
export { businessRoutes } from './routes';
