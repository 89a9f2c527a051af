import { vi } from 'vitest';
import { resetFakeApi } from '@/test/fake-api';

// The `web-api` project (vitest.projects.ts): its files share their worker's modules and each would mock the API
// client the same way, so it is mocked here, before any of them imports a screen: a screen imported by an earlier
// file then holds the fake too. The routes an earlier file served are forgotten.
vi.mock('@/lib/api', () => import('@/test/fake-api'));
resetFakeApi();
