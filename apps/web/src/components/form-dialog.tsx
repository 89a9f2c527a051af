import * as React from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { DialogShell } from '@/components/dialog-shell';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { applyServerErrors } from '@/lib/apply-server-errors';
import { toastFailure } from '@/lib/failure-toast';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** A form dialog's words (keys, translated when shown): its title, the line under it, the submit button, the two toasts. */
type FormDialogText = {
  title: MessageKey;
  description: MessageKey;
  submit: MessageKey;
  done: MessageKey;
  failed: MessageKey;
};

type AnyForm<T extends FieldValues, R> = UseFormReturn<T, unknown, R>;

/**
 * The dialogs' submit: the call, then "done" and close; or the server's per-field messages on the fields
 * (focusing the first unless `focus` is false) and "failed" with the reason.
 */
function dialogSubmit<T extends FieldValues, R>(
  form: AnyForm<T, R>,
  text: FormDialogText,
  call: (body: R) => Promise<unknown>,
  close: () => void,
  { focus = true }: { focus?: boolean } = {},
) {
  return form.handleSubmit(async (body) => {
    try {
      await call(body);
      toast({ title: t(text.done) });
      close();
    } catch (error) {
      applyServerErrors(form, error, { focus });
      toastFailure(t(text.failed), error);
    }
  });
}

type FormDialogProps<T extends FieldValues, R> = {
  open: boolean;
  onClose: () => void;
  text: FormDialogText;
  form: AnyForm<T, R>;
  /** The call the submit makes with the form's parsed values (see dialogSubmit). */
  save: (body: R) => Promise<unknown>;
  /** false: the server's per-field messages do not take the focus. */
  focus?: boolean;
  /** The dialog's width, for a form with columns (default: sm:max-w-lg). */
  className?: string;
  children: React.ReactNode;
};

/** A dialog around one form (users, members): title, text, the fields, then Cancel and the submit button. */
export function FormDialog<T extends FieldValues, R>({
  open,
  onClose,
  text,
  form,
  save,
  focus = true,
  className = 'sm:max-w-lg',
  children,
}: FormDialogProps<T, R>) {
  const t = useT();
  // The form element's id; the footer's submit button points at it.
  const formId = React.useId();
  const onSubmit = dialogSubmit(form, text, save, onClose, { focus });
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      title={t(text.title)}
      description={t(text.description)}
      className={className}
    >
      <Form {...form}>
        <form id={formId} className="grid gap-4" onSubmit={onSubmit} noValidate>
          {children}
        </form>
      </Form>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={formId} disabled={form.formState.isSubmitting}>
          {t(text.submit)}
        </Button>
      </DialogFooter>
    </DialogShell>
  );
}
