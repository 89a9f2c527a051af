import type * as React from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * A card of a settings or tools screen: its title, the line under it, then its content;
 * `className` is the card's, `contentClassName` the content's (its grid, mostly).
 */
export function SectionCard({
  title,
  description,
  className,
  contentClassName,
  children,
}: {
  title: React.ReactNode;
  description: React.ReactNode;
  className?: string;
  contentClassName?: string;
  children: React.ReactNode;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
