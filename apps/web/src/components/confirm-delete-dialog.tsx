import type * as React from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';

/**
 * The one delete confirmation (users, members, tiers): the screen's own title and text, Cancel and Delete.
 * Delete is a plain button, not the alert dialog's action, so the dialog stays open until the call answers
 * and a failure is seen beside the dialog that caused it; the caller closes it on success.
 */
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  pending,
  pendingLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  description: React.ReactNode;
  pending: boolean;
  pendingLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('common.cancel')}</AlertDialogCancel>
          <Button variant="destructive" disabled={pending} onClick={onConfirm}>
            {pending ? (pendingLabel ?? t('dialog.delete')) : t('dialog.delete')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
