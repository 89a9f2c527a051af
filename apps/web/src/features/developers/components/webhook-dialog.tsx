import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatedWebhook,
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookBody,
  type WebhookInput,
  webhookInputSchema,
} from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form-fields';
import { FormField } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useT } from '@/lib/i18n/use-t';
import { WEBHOOK_EVENT_LABELS } from '@/lib/integration-labels';
import { useSaveWebhook } from '../api/save-webhook';
import { CheckboxGroupField } from './checkbox-group-field';

const EMPTY: WebhookInput = { url: 'https://', events: [], enabled: true };

const CREATE = {
  title: 'developers.webhookCreateTitle',
  description: 'developers.webhookDescription',
  submit: 'developers.webhookCreate',
  done: 'developers.webhookCreated',
  failed: 'developers.webhookSaveFailed',
} as const;
const EDIT = {
  ...CREATE,
  title: 'developers.webhookEditTitle',
  submit: 'developers.save',
  done: 'developers.webhookSaved',
} as const;

/** Add or edit a webhook endpoint: its URL, its events and whether it is on. */
export function WebhookDialog({
  target,
  onClose,
  onCreated,
}: {
  /** null: closed; 'new': add; an endpoint: edit it. */
  target: Webhook | 'new' | null;
  onClose: () => void;
  onCreated: (webhook: CreatedWebhook) => void;
}) {
  const t = useT();
  const form = useForm<WebhookInput, unknown, WebhookBody>({
    resolver: zodResolver(webhookInputSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const save = useSaveWebhook();
  const editing = target !== null && target !== 'new' ? target : null;
  React.useEffect(() => {
    if (target === null) return;
    form.reset(editing ? { url: editing.url, events: editing.events, enabled: editing.enabled } : EMPTY);
  }, [target, editing, form]);
  const text = editing ? EDIT : CREATE;
  const submit = async (body: WebhookBody) => {
    const saved = await save.mutateAsync({ id: editing?.id ?? null, body });
    if ('secret' in saved) onCreated(saved as CreatedWebhook);
  };
  return (
    <FormDialog open={target !== null} onClose={onClose} text={text} form={form} save={submit}>
      <TextField id="webhook-url" name="url" label={t('developers.url')} type="url" autoComplete="off" />
      <CheckboxGroupField
        id="webhook-events"
        name="events"
        legend={t('developers.events')}
        // The code is what a developer's receiver matches; the words say what it is.
        choices={WEBHOOK_EVENTS.map((event) => ({ value: event, label: event, hint: t(WEBHOOK_EVENT_LABELS[event]) }))}
      />
      <FormField
        name="enabled"
        render={({ field }) => (
          <div className="flex items-center gap-3">
            <Switch id="webhook-enabled" checked={field.value as boolean} onCheckedChange={field.onChange} />
            <Label htmlFor="webhook-enabled">{t('developers.enabled')}</Label>
          </div>
        )}
      />
    </FormDialog>
  );
}
