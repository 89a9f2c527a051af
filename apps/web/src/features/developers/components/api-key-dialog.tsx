import { zodResolver } from '@hookform/resolvers/zod';
import { API_KEY_SCOPES, type CreateApiKeyInput, type CreatedApiKey, createApiKeySchema } from '@loyalty/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { TextField } from '@/components/form-fields';
import { useT } from '@/lib/i18n/use-t';
import { SCOPE_HINTS } from '@/lib/integration-labels';
import { useCreateApiKey } from '../api/create-api-key';
import { CheckboxGroupField } from './checkbox-group-field';

const EMPTY: CreateApiKeyInput = { name: '', scopes: [] };

const TEXT = {
  title: 'developers.keyCreateTitle',
  description: 'developers.keyCreateDescription',
  submit: 'developers.keyCreate',
  done: 'developers.keyCreated',
  failed: 'developers.keyCreateFailed',
} as const;

/** New API key: a name and its scopes; the key itself is shown by the caller once made. */
export function ApiKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (key: CreatedApiKey) => void;
}) {
  const t = useT();
  const form = useForm<CreateApiKeyInput, unknown, z.output<typeof createApiKeySchema>>({
    resolver: zodResolver(createApiKeySchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const create = useCreateApiKey();
  const close = () => {
    form.reset(EMPTY);
    onClose();
  };
  const submit = async (body: CreateApiKeyInput) => onCreated(await create.mutateAsync(body));
  return (
    <FormDialog open={open} onClose={close} text={TEXT} form={form} save={submit}>
      <TextField id="api-key-name" name="name" label={t('developers.keyName')} autoComplete="off" />
      <CheckboxGroupField
        id="api-key-scopes"
        name="scopes"
        legend={t('developers.scopes')}
        choices={API_KEY_SCOPES.map((scope) => ({ value: scope, label: scope, hint: t(SCOPE_HINTS[scope]) }))}
      />
    </FormDialog>
  );
}
