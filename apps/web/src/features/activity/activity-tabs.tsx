import { NavLink } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';

const TAB_CLASS =
  'inline-flex h-[calc(100%-1px)] items-center rounded-md border border-transparent px-3 py-1 font-medium text-foreground text-sm focus-visible:outline-1 focus-visible:outline-ring focus-visible:ring-[3px] focus-visible:ring-ring dark:text-muted-foreground';
const ACTIVE_CLASS = 'bg-background shadow-sm dark:border-input dark:bg-input/30 dark:text-foreground';

/**
 * The Activity screen's two views, as links (each has its own address, so Back and a bookmark work): the trail
 * of every change, and what each team member recorded. Both are for owners and admins, under the one sidebar
 * item.
 */
export function ActivityTabs() {
  const t = useT();
  const tabs = [
    { to: '/activity', label: t('activity.tabChanges') },
    { to: '/activity/staff', label: t('activity.tabStaff') },
  ];
  return (
    <nav aria-label={t('activity.views')} className="inline-flex h-9 w-fit items-center rounded-lg bg-muted p-[3px]">
      {tabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} end className={({ isActive }) => cn(TAB_CLASS, isActive && ACTIVE_CLASS)}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
