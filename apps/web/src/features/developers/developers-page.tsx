import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { ApiKeysSection } from './components/api-keys-section';
import { WebhooksSection } from './components/webhooks-section';

/** Developers (owner and admin): API keys for tills, shops and CRMs, and webhook endpoints with their deliveries. */
export function DevelopersPage() {
  const t = useT();
  const allowed = useCanWrite();
  return (
    <div className="grid gap-8">
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{t('developers.title')}</h1>
        <p className="text-muted-foreground">{t('developers.subtitle')}</p>
      </div>
      {allowed ? (
        <>
          <ApiKeysSection />
          <WebhooksSection />
        </>
      ) : (
        <p role="alert">{t('developers.adminsOnly')}</p>
      )}
    </div>
  );
}
