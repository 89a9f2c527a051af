import { MEMBERSHIP_MESSAGES, type Membership } from '@loyalty/contracts';
import * as React from 'react';
import { Controller, type FieldErrors, type Path, useForm } from 'react-hook-form';
import { DialogShell } from '@/components/dialog-shell';
import { TextField, type TextFieldProps } from '@/components/form-fields';
import { ImageDropzone } from '@/components/image-dropzone';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { useCreateMembership } from '../api/create-membership';
import { fetchMembership, useMembership } from '../api/get-membership';
import { useMemberships } from '../api/get-memberships';
import { useUpdateMembership } from '../api/update-membership';
import { failureText, MEMBERSHIPS_TEXT } from '../memberships-labels';
import { BenefitsField } from './benefits-field';
import { ColorField } from './color-field';
import {
  EMPTY_MEMBERSHIP,
  type MembershipFormValues,
  membershipResolver,
  toFormValues,
  toPayload,
} from './membership-form-values';
import { TierConflictOffer } from './tier-conflict-offer';
import { canShorten, conflictOf, proposedMinSpend, type TierConflict } from './tier-range';

type Tab = 'basic' | 'languages' | 'advanced';
const TAB_OF: Partial<Record<keyof MembershipFormValues, Tab>> = {
  nameZh: 'languages',
  nameCn: 'languages',
  descriptionZh: 'languages',
  descriptionCn: 'languages',
  cardImageUrl: 'advanced',
  walletBannerUrl: 'advanced',
  sortOrder: 'advanced',
};

type Props = {
  /** null: closed; 'new': create mode; an id: edit mode (the tier is loaded by id). */
  target: string | 'new' | null;
  onClose: () => void;
};

/** Create Membership / Edit Membership (spec Memberships, §4): three tabs, one save. */
export function MembershipFormDialog({ target, onClose }: Props) {
  const open = target !== null;
  const editId = target !== null && target !== 'new' ? target : null;
  const tier = useMembership(editId);
  const create = useCreateMembership();
  const update = useUpdateMembership();
  const translate = useT();
  const [tab, setTab] = React.useState<Tab>('basic');
  const tiersRef = React.useRef<readonly Membership[] | undefined>(undefined);
  const [uploading, setUploading] = React.useState({ card: false, banner: false });
  // Each opening is a new form: uploads still running from an earlier one are ignored by the zones.
  const [session, setSession] = React.useState(0);
  const form = useForm<MembershipFormValues>({
    resolver: membershipResolver,
    mode: 'onTouched',
    defaultValues: EMPTY_MEMBERSHIP,
  });
  const { errors } = form.formState;
  const loaded = tier.data;
  // The first page of tiers (the page shows it): a new tier is proposed the range after them.
  const tiers = useMemberships(0).data?.content;
  const [conflict, setConflict] = React.useState<{ tier: TierConflict; newMin: number } | null>(null);
  const [shortening, setShortening] = React.useState(false);

  React.useEffect(() => {
    if (!open) return;
    setSession((n) => n + 1);
    setTab('basic');
    setUploading({ card: false, banner: false });
    setConflict(null);
    form.reset(
      editId ? EMPTY_MEMBERSHIP : { ...EMPTY_MEMBERSHIP, minSpendAmount: proposedMinSpend(tiersRef.current ?? []) },
    );
  }, [open, editId, form]);

  React.useEffect(() => {
    if (open && editId && loaded && loaded.id === editId) form.reset(toFormValues(loaded));
  }, [open, editId, loaded, form]);

  React.useEffect(() => {
    if (open && editId && tier.isError) {
      toast({ variant: 'destructive', title: t('memberships.error'), description: failureText(tier.error) });
    }
  }, [open, editId, tier.isError, tier.error]);

  tiersRef.current = tiers;

  const close = () => {
    setConflict(null);
    form.reset(EMPTY_MEMBERSHIP);
    onClose();
  };

  const showInvalid = (invalid: FieldErrors<MembershipFormValues>) => {
    const fields = Object.keys(invalid) as (keyof MembershipFormValues)[];
    if (fields.includes('name')) {
      toast({
        variant: 'destructive',
        title: t('memberships.validationError'),
        description: translateText(MEMBERSHIP_MESSAGES.nameRequired),
      });
      setTab('basic');
      return;
    }
    const first = fields[0];
    if (first) {
      setTab(TAB_OF[first] ?? 'basic');
      toast({
        variant: 'destructive',
        title: t('memberships.validationError'),
        description: translateText(invalid[first]?.message ?? ''),
      });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const body = toPayload(values);
    setConflict(null);
    try {
      if (editId) {
        await update.mutateAsync({ id: editId, body });
        toast({ title: t('memberships.updated') });
      } else {
        await create.mutateAsync(body);
        toast({ title: t('memberships.created') });
      }
      close();
    } catch (error) {
      const cause = error instanceof Error ? error.cause : undefined;
      if (cause instanceof ApiError) {
        for (const [field, message] of Object.entries(cause.fieldErrors)) {
          if (field in EMPTY_MEMBERSHIP) form.setError(field as Path<MembershipFormValues>, { message });
        }
        const first = Object.keys(cause.fieldErrors)[0] as keyof MembershipFormValues | undefined;
        if (first && first in EMPTY_MEMBERSHIP) setTab(TAB_OF[first] ?? 'basic');
        const inTheWay = conflictOf(cause.body);
        const newMin = body.minSpendAmount ?? 0;
        if (inTheWay && inTheWay.id !== editId && canShorten(inTheWay, newMin)) setConflict({ tier: inTheWay, newMin });
      }
      toast({ variant: 'destructive', title: t('memberships.error'), description: failureText(error) });
    }
  }, showInvalid);

  /** Ends the tier in the way where this one starts (its other fields as stored), then saves this one. */
  const shortenAndSave = async () => {
    if (!conflict) return;
    setShortening(true);
    try {
      const stored = await fetchMembership(conflict.tier.id);
      const shortened = { ...toPayload(toFormValues(stored)), maxSpendAmount: conflict.newMin };
      await update.mutateAsync({ id: stored.id, body: shortened });
      setConflict(null);
      await submit();
    } catch (error) {
      toast({ variant: 'destructive', title: t('memberships.error'), description: failureText(error) });
    } finally {
      setShortening(false);
    }
  };

  const loading = !!editId && tier.isPending;
  const saving = form.formState.isSubmitting;
  const busy = loading || saving || uploading.card || uploading.banner;
  const buttonText = translate(
    loading
      ? 'memberships.loadingButton'
      : saving
        ? 'memberships.saving'
        : editId
          ? 'memberships.update'
          : 'memberships.create',
  );
  const text = (name: keyof MembershipFormValues, label: MessageKey, extra: Partial<TextFieldProps> = {}) => (
    <TextField id={`membership-${name}`} name={name} label={translate(label)} {...extra} />
  );
  const image = (name: 'cardImageUrl' | 'walletBannerUrl', label: MessageKey, slot: 'card' | 'banner') => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <div className="grid gap-1">
          <ImageDropzone
            id={`membership-${name}`}
            label={translate(label)}
            hint={translate('image.formats')}
            url={field.value}
            resetKey={session}
            disabled={loading || saving}
            onUploadingChange={(on) => setUploading((prev) => ({ ...prev, [slot]: on }))}
            onUploaded={(url) => {
              field.onChange(url);
              toast({ title: t('image.uploadedToast') });
            }}
            onError={() =>
              toast({ variant: 'destructive', title: t('memberships.error'), description: t('image.failed') })
            }
          />
          {errors[name] && <p className="text-destructive text-sm">{translateText(errors[name]?.message ?? '')}</p>}
        </div>
      )}
    />
  );

  return (
    <DialogShell
      open={open}
      onClose={close}
      title={translate(editId ? MEMBERSHIPS_TEXT.editTitle : MEMBERSHIPS_TEXT.createTitle)}
      description={translate(editId ? 'memberships.editDescription' : 'memberships.createDescription')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <Form {...form}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {/* Every tab stays mounted (hidden when inactive) so an upload keeps running while another tab shows. */}
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="basic">{translate('memberships.tabBasic')}</TabsTrigger>
              <TabsTrigger value="languages">{translate('memberships.tabLanguages')}</TabsTrigger>
              <TabsTrigger value="advanced">{translate('memberships.tabAdvanced')}</TabsTrigger>
            </TabsList>
            <TabsContent value="basic" forceMount className="grid gap-4 pt-2 data-[state=inactive]:hidden">
              {text('name', 'memberships.name', {
                maxLength: 100,
                placeholder: translate('memberships.namePlaceholder'),
                disabled: loading,
              })}
              {text('description', 'memberships.description', { multiline: true, maxLength: 1000 })}
              <Controller
                control={form.control}
                name="color"
                render={({ field }) => (
                  <ColorField
                    id="membership-color"
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.color?.message}
                  />
                )}
              />
              {text('icon', 'memberships.icon', {
                maxLength: 300,
                placeholder: translate('memberships.iconPlaceholder'),
              })}
              <div className="grid gap-4 sm:grid-cols-3">
                {text('minSpendAmount', 'memberships.minSpend', {
                  type: 'number',
                  step: '0.01',
                  min: 0,
                  placeholder: '0.00',
                })}
                {text('maxSpendAmount', 'memberships.maxSpend', {
                  type: 'number',
                  step: '0.01',
                  min: 0,
                  placeholder: translate('memberships.noMax'),
                })}
                {text('discountPercentage', 'memberships.discountPercent', {
                  type: 'number',
                  step: '0.01',
                  min: 0,
                  max: 100,
                  placeholder: '0',
                })}
              </div>
              <Controller
                control={form.control}
                name="benefits"
                render={({ field }) => (
                  <BenefitsField value={field.value} onChange={field.onChange} error={errors.benefits?.message} />
                )}
              />
            </TabsContent>
            <TabsContent value="languages" forceMount className="grid gap-4 pt-2 data-[state=inactive]:hidden">
              {text('nameZh', 'memberships.nameZh', { maxLength: 100, lang: 'zh-Hant' })}
              {text('descriptionZh', 'memberships.descriptionZh', {
                multiline: true,
                maxLength: 1000,
                lang: 'zh-Hant',
              })}
              {text('nameCn', 'memberships.nameCn', { maxLength: 100, lang: 'zh-Hans' })}
              {text('descriptionCn', 'memberships.descriptionCn', {
                multiline: true,
                maxLength: 1000,
                lang: 'zh-Hans',
              })}
              {(['benefitsZh', 'benefitsCn'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <BenefitsField
                      id={`membership-${name}`}
                      label={name === 'benefitsZh' ? 'memberships.benefitsZh' : 'memberships.benefitsCn'}
                      lang={name === 'benefitsZh' ? 'zh-Hant' : 'zh-Hans'}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors[name]?.message}
                    />
                  )}
                />
              ))}
            </TabsContent>
            <TabsContent value="advanced" forceMount className="grid gap-4 pt-2 data-[state=inactive]:hidden">
              <div className="grid gap-4 sm:grid-cols-2">
                {image('cardImageUrl', 'memberships.cardImageLabel', 'card')}
                {image('walletBannerUrl', 'memberships.walletBanner', 'banner')}
              </div>
              {text('sortOrder', 'memberships.sortOrder', { type: 'number', step: 1 })}
              <Controller
                control={form.control}
                name="isActive"
                render={({ field }) => (
                  <div className="flex items-center gap-3">
                    <Switch id="membership-isActive" checked={field.value} onCheckedChange={field.onChange} />
                    <Label htmlFor="membership-isActive">{translate('memberships.active')}</Label>
                  </div>
                )}
              />
            </TabsContent>
          </Tabs>
          {conflict && (
            <TierConflictOffer
              conflict={conflict.tier}
              newMin={conflict.newMin}
              busy={shortening || saving}
              onShorten={shortenAndSave}
            />
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={close}>
              {translate('memberships.cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {buttonText}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </DialogShell>
  );
}
