import type * as React from 'react';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useT } from '@/lib/i18n/use-t';
import { SIDEBAR_WIDTH_MOBILE, useSidebar } from './sidebar-context';

/**
 * The sidebar on a phone: a sheet from the side. Its own chunk (sidebar.tsx loads it on a narrow screen only),
 * so the dialog code it is built on stays out of a desktop's first load.
 */
export default function SidebarSheet({ side, children }: { side: 'left' | 'right'; children: React.ReactNode }) {
  const { openMobile, setOpenMobile } = useSidebar();
  const t = useT();
  return (
    <Sheet open={openMobile} onOpenChange={setOpenMobile}>
      <SheetContent
        data-sidebar="sidebar"
        data-slot="sidebar"
        data-mobile="true"
        className="w-(--sidebar-width) bg-sidebar p-0 text-sidebar-foreground [&>button]:hidden"
        style={{ '--sidebar-width': SIDEBAR_WIDTH_MOBILE } as React.CSSProperties}
        side={side}
      >
        <SheetHeader className="sr-only">
          <SheetTitle>{t('sidebar.title')}</SheetTitle>
          <SheetDescription>{t('sidebar.description')}</SheetDescription>
        </SheetHeader>
        <div className="flex h-full w-full flex-col">{children}</div>
      </SheetContent>
    </Sheet>
  );
}
