import { zodResolver } from '@hookform/resolvers/zod';
import { LANGUAGE_NAMES, MESSAGE_TEXT_MAX, type MessageAudience, messageInputSchema } from '@loyalty/contracts';
import * as React from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-error';
import { toastFailure } from '@/lib/failure-toast';
import { useT } from '@/lib/i18n/use-t';
import { useSendMessage } from '../api/send-message';
import type { PromotionTexts } from '../promotion-text';
import { NO_PROMOTION, PromotionPicker } from './promotion-picker';

/** The message in three languages (the contract's text rules) and, when set, the local date and time to send it. */
const composeSchema = messageInputSchema
  .pick({ text: true, textZh: true, textCn: true })
  .extend({ sendAt: z.string() });
type ComposeInput = z.input<typeof composeSchema>;
type ComposeValues = z.output<typeof composeSchema>;
const EMPTY: ComposeInput = { text: '', textZh: '', textCn: '', sendAt: '' };
const TEXT_FIELDS = ['text', 'textZh', 'textCn'] as const;

/** Compose and send: English required, Traditional and Simplified Chinese for the members who read them. */
export function ComposeForm({ audience, reachable }: { audience: MessageAudience | null; reachable?: number }) {
  const t = useT();
  const form = useForm<ComposeInput, unknown, ComposeValues>({
    resolver: zodResolver(composeSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const send = useSendMessage();
  const [text = '', textZh = '', textCn = ''] = useWatch({ control: form.control, name: ['text', 'textZh', 'textCn'] });
  const counter = (value: string) => `${value.length}/${MESSAGE_TEXT_MAX}`;
  const [promotionId, setPromotionId] = React.useState(NO_PROMOTION);
  // What the last linked promotion wrote in each field: a field still holding it (or empty) is the form's to
  // rewrite; a field the user changed is theirs and is never replaced.
  const prefilled = React.useRef<Partial<PromotionTexts>>({});

  const link = (id: string, texts: PromotionTexts | null) => {
    setPromotionId(id);
    for (const field of TEXT_FIELDS) {
      const current = form.getValues(field) ?? '';
      if (current !== '' && current !== prefilled.current[field]) continue;
      const next = texts?.[field] ?? '';
      form.setValue(field, next, { shouldDirty: true, shouldValidate: next !== '' });
      prefilled.current[field] = next;
    }
  };

  const submit = form.handleSubmit(async (values) => {
    if (!audience) return;
    try {
      const made = await send.mutateAsync({
        text: values.text,
        ...(values.textZh ? { textZh: values.textZh } : {}),
        ...(values.textCn ? { textCn: values.textCn } : {}),
        audience,
        // datetime-local is the browser's wall clock: sent as an instant.
        ...(values.sendAt ? { sendAt: new Date(values.sendAt).toISOString() } : {}),
        ...(promotionId === NO_PROMOTION ? {} : { promotionId }),
      });
      toast({ title: t('messages.compose.queued', { count: made.targeted }) });
      form.reset(EMPTY);
      setPromotionId(NO_PROMOTION);
      prefilled.current = {};
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in EMPTY) form.setError(field as keyof ComposeInput, { message });
        }
      }
      toastFailure(t('messages.compose.failed'), error);
    }
  });

  return (
    <Form {...form}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <PromotionPicker value={promotionId} onPick={link} />
        <TextField
          id="message-text"
          name="text"
          label={`${t('messages.compose.text')} (${counter(text)})`}
          multiline
          rows={2}
        />
        <TextField
          id="message-text-zh"
          name="textZh"
          label={`${LANGUAGE_NAMES['zh-Hant']} (${counter(textZh)})`}
          multiline
          rows={2}
          lang="zh-Hant"
        />
        <TextField
          id="message-text-cn"
          name="textCn"
          label={`${LANGUAGE_NAMES['zh-Hans']} (${counter(textCn)})`}
          multiline
          rows={2}
          lang="zh-Hans"
        />
        <TextField id="message-send-at" name="sendAt" label={t('messages.compose.sendAt')} type="datetime-local" />
        <p className="text-muted-foreground text-sm">{t('messages.compose.hint')}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={!audience || send.isPending}>
            {reachable === undefined ? t('messages.compose.send') : t('messages.compose.sendTo', { count: reachable })}
          </Button>
        </div>
      </form>
    </Form>
  );
}
