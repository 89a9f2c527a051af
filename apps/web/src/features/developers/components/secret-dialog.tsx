import { CopyIcon } from 'lucide-react';
import { DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';

/** A secret the server shows once (a new API key, a webhook's signing secret), with a copy button. */
export function SecretDialog({
  secret,
  title,
  description,
  onClose,
}: {
  secret: string | null;
  title: string;
  description: string;
  onClose: () => void;
}) {
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast({ title: t('developers.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('developers.copyFailed') });
    }
  };
  return (
    <DialogShell
      open={secret !== null}
      onClose={onClose}
      title={title}
      description={description}
      className="sm:max-w-xl"
    >
      <div className="flex gap-2">
        <Input
          readOnly
          value={secret ?? ''}
          aria-label={t('developers.secretValue')}
          className="font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <Button type="button" variant="outline" onClick={copy}>
          <CopyIcon aria-hidden="true" />
          {t('developers.copy')}
        </Button>
      </div>
      <DialogFooter>
        <Button type="button" onClick={onClose}>
          {t('developers.secretSaved')}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
