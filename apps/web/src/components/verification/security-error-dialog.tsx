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

export interface SecurityErrorDialogProps {
  /** The mapped captcha message; the dialog is open while it is set. */
  message: string | null;
  /** Closing without refreshing (Escape, outside click); omit to make the dialog blocking. */
  onClose?: () => void;
  /** Extra actions beside "Refresh Page", e.g. "Use Different Phone" or "Logout". */
  children?: React.ReactNode;
}

/**
 * "Security Verification Error" (spec §2, §8): a captcha that cannot be set up is only fixed by a fresh
 * page, so "Refresh Page" reloads it.
 */
export function SecurityErrorDialog({ message, onClose, children }: SecurityErrorDialogProps) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose?.()}>
      <DialogContent
        className="sm:max-w-md"
        showCloseButton={onClose !== undefined}
        onEscapeKeyDown={(event) => !onClose && event.preventDefault()}
        onInteractOutside={(event) => !onClose && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>Security Verification Error</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-2">
          {children}
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
