import { ConstructionIcon } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';

interface ComingSoonProps {
  title: string;
  description?: string;
}

/** An honest placeholder for a screen a later issue builds: the title, and nothing that pretends to work. */
export function ComingSoon({ title, description }: ComingSoonProps) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">{title}</h1>
        {description && <p className="text-muted-foreground">{description}</p>}
      </div>
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
          <ConstructionIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">Coming soon</p>
          <p className="max-w-md text-muted-foreground text-sm">This screen is not available yet.</p>
        </CardContent>
      </Card>
    </div>
  );
}
