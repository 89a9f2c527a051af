import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';

export function NotFoundPage() {
  const t = useT();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 py-16 text-center">
      <p className="font-bold text-6xl tracking-tight">404</p>
      <h1 className="font-semibold text-xl">{t('notFound.title')}</h1>
      <p className="text-muted-foreground text-sm">{t('notFound.text')}</p>
      <Button asChild>
        <Link to="/">{t('notFound.back')}</Link>
      </Button>
    </div>
  );
}
