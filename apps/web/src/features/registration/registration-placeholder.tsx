import { ConstructionIcon } from 'lucide-react';
import type * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';

interface RegistrationPlaceholderProps {
  title: string;
  description: string;
  children?: React.ReactNode;
}

/** The public onboarding screens are built by a later issue; until then they say so plainly. */
export function RegistrationPlaceholder({ title, description, children }: RegistrationPlaceholderProps) {
  return (
    <div className="flex min-h-svh items-center justify-center bg-muted/40 p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <h1 className="font-semibold text-2xl leading-none">{title}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col items-center gap-4 text-center">
          <ConstructionIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Coming soon</p>
          {children}
        </CardContent>
      </Card>
    </div>
  );
}
