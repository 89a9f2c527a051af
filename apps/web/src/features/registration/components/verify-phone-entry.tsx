import { Loader2Icon } from 'lucide-react';
import * as React from 'react';
import { Labelled } from '@/components/labelled';
import { PhoneInput } from '@/components/phone-input/phone-input';
import { PlainForm } from '@/components/plain-form';
import { Button } from '@/components/ui/button';
import { VERIFICATION_MESSAGES } from '@/components/verification/verification-errors';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** docs/spec/access-and-identity.md §5: a phone typed on the verify screen needs 10 characters and a leading +. */
function phoneEntryError(phone: string): MessageKey | null {
  if (phone.length < 10) return VERIFICATION_MESSAGES.invalidPhone;
  if (!phone.startsWith('+')) return VERIFICATION_MESSAGES.phoneNeedsCountry;
  return null;
}

interface VerifyPhoneEntryProps {
  /** The number to start from (the account's own), '' for none. */
  initialPhone?: string;
  sending: boolean;
  onSend: (phone: string) => void;
  actions: React.ReactNode;
}

/** "No phone stored" state: type a phone and have the code sent to it. */
export function VerifyPhoneEntry({ initialPhone = '', sending, onSend, actions }: VerifyPhoneEntryProps) {
  const [phone, setPhone] = React.useState(initialPhone);
  const [submitted, setSubmitted] = React.useState(false);
  const error = phoneEntryError(phone);
  const t = useT();
  return (
    <PlainForm
      className="grid gap-6"
      onSubmit={() => {
        setSubmitted(true);
        if (!error) onSend(phone);
      }}
    >
      <Labelled id="verify-phone" label={t('phone.number')}>
        <PhoneInput
          id="verify-phone"
          value={phone}
          onChange={setPhone}
          error={error ? t(error) : undefined}
          showError={submitted}
          required
          disabled={sending}
        />
      </Labelled>
      <Button type="submit" className="w-full" disabled={sending}>
        {sending && <Loader2Icon className="animate-spin" aria-hidden="true" />}
        {sending ? t('verify.sendingCode') : t('verify.sendCode')}
      </Button>
      <div className="flex flex-wrap items-center justify-center gap-2 border-t pt-4">{actions}</div>
    </PlainForm>
  );
}
