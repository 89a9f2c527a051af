import { Loader2Icon } from 'lucide-react';
import type * as React from 'react';
import { LanguageSelect } from '@/components/language-select';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';

interface RegistrationLayoutProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** The platform's welcome line and subtitle above the card (the registration header, docs/spec/access-and-identity.md §1). */
  withHeader?: boolean;
  className?: string;
  children: React.ReactNode;
}

/** The public onboarding screens' frame: centred card on the muted page background, like /login. */
export function RegistrationLayout({ title, description, withHeader, className, children }: RegistrationLayoutProps) {
  const t = useT();
  return (
    <div className="relative flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 p-4 pt-16">
      <LanguageSelect className="absolute top-4 right-4" />
      {withHeader && (
        <header className="grid gap-1 text-center">
          <p className="font-semibold text-3xl tracking-tight">{t('register.welcome')}</p>
          <p className="text-muted-foreground">{t('register.tagline')}</p>
        </header>
      )}
      <Card className={cn('w-full max-w-md', className)}>
        <CardHeader className="text-center">
          <h1 className="font-semibold text-2xl leading-none">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}

export function StatusLine({ children }: { children: React.ReactNode }) {
  return (
    <p role="status" className="flex items-center justify-center gap-2 py-8 text-muted-foreground text-sm">
      <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
      {children}
    </p>
  );
}

/** Invisible reCAPTCHA lives here (docs/spec/access-and-identity.md §2 "a hidden invisible-captcha area"). */
export function RecaptchaContainer({ ref }: { ref: React.Ref<HTMLDivElement> }) {
  return <div ref={ref} id="recaptcha-container" data-testid="recaptcha-container" aria-hidden="true" />;
}
