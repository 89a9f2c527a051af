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
import { type ToastInput, toast } from '@/components/ui/use-toast';
import { useT } from '@/lib/i18n/use-t';

/**
 * The one delete confirmation (users, members, tiers): the screen's own title and text, Cancel and Delete.
 * Delete is a plain button, not the alert dialog's action, so the dialog stays open until the call answers
 * and a failure is seen beside the dialog that caused it; the caller closes it on success.
 */
function ConfirmDeleteDialog({
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

/**
 * The delete confirmation for one row of a list: open while `item` is set. Delete runs `remove`; when it is done,
 * the `removed` toast shows and the dialog closes; when it fails, `onFailure` says so and the dialog stays open.
 */
export function ConfirmRemovalDialog<T>({
  item,
  remove,
  removed,
  onFailure,
  onClose,
  ...shown
}: {
  item: T | null;
  remove: (item: T) => Promise<unknown>;
  removed: (item: T) => ToastInput;
  onFailure: (error: unknown) => void;
  onClose: () => void;
  title: string;
  description: React.ReactNode;
  pending: boolean;
  pendingLabel?: string;
}) {
  const confirm = async () => {
    if (item === null) return;
    try {
      await remove(item);
      toast(removed(item));
      onClose();
    } catch (error) {
      onFailure(error);
    }
  };
  return <ConfirmDeleteDialog open={item !== null} onConfirm={confirm} onClose={onClose} {...shown} />;
}
