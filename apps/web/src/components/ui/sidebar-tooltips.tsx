import * as React from 'react';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from './tooltip';

/**
 * The tooltips of a sidebar collapsed to icons. This module is fetched only once the sidebar is collapsed
 * (sidebar.tsx, sidebar-menu.tsx), so Radix Tooltip and its positioning code stay out of every screen's first
 * load: an expanded sidebar shows its labels and has no tooltips to show.
 */
const InsideProvider = React.createContext(false);

/** One provider for all of the sidebar's tooltips, so moving between icons uses the skip window (docs/spec/access-and-identity.md §9). */
export function MenuTooltips({ children }: { children: React.ReactNode }) {
  return (
    <TooltipProvider>
      <InsideProvider value={true}>{children}</InsideProvider>
    </TooltipProvider>
  );
}

export function MenuTooltip({
  content,
  children,
}: {
  content: React.ComponentProps<typeof TooltipContent>;
  children: React.ReactElement;
}) {
  // Rendered for a moment outside the provider while both arrive: the button alone, as before the tooltip.
  if (!React.use(InsideProvider)) return children;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center" {...content} />
    </Tooltip>
  );
}
