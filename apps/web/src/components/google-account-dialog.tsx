import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { EmulatorGoogleAccount } from '@/lib/auth-context';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** A sample so a developer can sign in with one click; any address works with the emulator. */
const SAMPLE_GOOGLE_ACCOUNT: EmulatorGoogleAccount = {
  email: 'ada.lovelace@example.com',
  name: 'Ada Lovelace', // i18n-ignore: a sample person's name (data)
};

// The messages are catalogue keys, translated where they are shown.
const accountSchema = z.object({
  email: z.email({ error: 'google.emailInvalid' satisfies MessageKey }),
  name: z
    .string()
    .trim()
    .min(1, 'google.nameRequired' satisfies MessageKey),
});

interface GoogleAccountDialogProps {
  open: boolean;
  onChoose: (account: EmulatorGoogleAccount) => void;
  onCancel: () => void;
}

/**
 * Stands in for Google's account chooser when the Auth Emulator is used (docs/design.md §6): the real
 * popup needs Google's servers, the emulator accepts a credential built from these fields.
 */
export function GoogleAccountDialog({ open, onChoose, onCancel }: GoogleAccountDialogProps) {
  const form = useForm<EmulatorGoogleAccount>({
    resolver: zodResolver(accountSchema),
    defaultValues: SAMPLE_GOOGLE_ACCOUNT,
  });
  const { errors } = form.formState;
  const t = useT();
  const message = (text: string | undefined) => text && t(text as MessageKey);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('google.emulatorTitle')}</DialogTitle>
          <DialogDescription>{t('google.emulatorText')}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={form.handleSubmit(onChoose)}>
          <div className="grid gap-2">
            <Label htmlFor="google-account-email">{t('google.email')}</Label>
            <Input
              id="google-account-email"
              type="email"
              autoComplete="off"
              aria-invalid={errors.email ? true : undefined}
              {...form.register('email')}
            />
            {errors.email && <p className="text-destructive text-sm">{message(errors.email.message)}</p>}
          </div>
          <div className="grid gap-2">
            <Label htmlFor="google-account-name">{t('google.name')}</Label>
            <Input
              id="google-account-name"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              {...form.register('name')}
            />
            {errors.name && <p className="text-destructive text-sm">{message(errors.name.message)}</p>}
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={onCancel}>
              {t('common.cancel')}
            </Button>
            <Button type="submit">{t('google.continueButton')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
