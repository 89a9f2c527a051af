import type * as React from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';

type FormDialogProps<T extends FieldValues, R extends FieldValues> = {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  /** The form element's id; the footer's submit button points at it. */
  formId: string;
  form: UseFormReturn<T, unknown, R>;
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  submitLabel: string;
  children: React.ReactNode;
};

/** A dialog around one form (users, members): title, text, the fields, then Cancel and the submit button. */
export function FormDialog<T extends FieldValues, R extends FieldValues>({
  open,
  onClose,
  title,
  description,
  formId,
  form,
  onSubmit,
  submitLabel,
  children,
}: FormDialogProps<T, R>) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form id={formId} className="grid gap-4" onSubmit={onSubmit} noValidate>
            {children}
          </form>
        </Form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={form.formState.isSubmitting}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
