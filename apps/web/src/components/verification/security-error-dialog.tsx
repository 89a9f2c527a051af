import type * as React from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

interface SecurityErrorDialogProps {
  /**
   * The mapped captcha message, a catalogue key (VerificationFailure.message), translated here so it follows a
   * language change; a text that is no key shows as it is. The dialog is open while it is set.
   */
  message: MessageKey | string | null;
  /** Closing without refreshing (Escape, outside click); omit to make the dialog blocking. */
  onClose?: () => void;
  /** Extra actions beside "Refresh Page", e.g. "Use Different Phone" or "Logout". */
  children?: React.ReactNode;
}

/**
 * "Security Verification Error" (docs/spec/access-and-identity.md §2, §8): a captcha that cannot be set up is only fixed by a fresh
 * page, so "Refresh Page" reloads it.
 */
export function SecurityErrorDialog({ message, onClose, children }: SecurityErrorDialogProps) {
  const t = useT();
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose?.()}>
      <DialogContent
        className="sm:max-w-md"
        showCloseButton={onClose !== undefined}
        onEscapeKeyDown={(event) => !onClose && event.preventDefault()}
        onInteractOutside={(event) => !onClose && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('auth.securityTitle')}</DialogTitle>
          <DialogDescription>{message && t(message as MessageKey)}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-2">
          {children}
          <Button onClick={() => window.location.reload()}>{t('auth.refreshPage')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
