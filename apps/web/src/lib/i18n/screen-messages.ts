import screenLoaders from 'virtual:lingui-screens';
import { loadScreenPart } from './i18n';

// Kept out of the first chunk: the list of every screen's part in every language is of no use before sign-in.
// The workspace's addresses fetch this chunk with their first scripts (vite.config.ts, routePreloads).

/** Called with a screen's chunk (app/routes.tsx): its texts, by its id in build/screen-texts.ts. */
export function loadScreenMessages(screen: string): Promise<void> {
  return loadScreenPart(screenLoaders, screen);
}
