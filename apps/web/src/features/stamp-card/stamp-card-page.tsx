import { SettingsScreen } from '@/components/settings-screen';
import { useCanWrite } from '@/lib/workspace-context';
import { stampCard } from './api/stamp-card';
import { StampCardForm } from './components/stamp-card-form';

/** /stamp-card (docs/design.md §10): the business's stamp card; admins and the owner save it, staff read it. */
export function StampCardPage() {
  const canWrite = useCanWrite();
  return (
    <SettingsScreen texts="stampCard" canWrite={canWrite} query={stampCard.useSettings()}>
      {(data) => <StampCardForm initial={data ?? null} canWrite={canWrite} />}
    </SettingsScreen>
  );
}
