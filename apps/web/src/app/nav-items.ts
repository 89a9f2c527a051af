import {
  CoinsIcon,
  CreditCardIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  StoreIcon,
  UserRoundIcon,
  UsersIcon,
  WalletIcon,
} from 'lucide-react';

export interface NavItem {
  title: string;
  url: string;
  icon: LucideIcon;
}

/** The sidebar's items, in the spec's order. */
export const NAV_ITEMS: NavItem[] = [
  { title: 'Dashboard', url: '/', icon: LayoutDashboardIcon },
  { title: 'Users', url: '/users', icon: UsersIcon },
  { title: 'Members', url: '/members', icon: UserRoundIcon },
  { title: 'Memberships', url: '/memberships', icon: CreditCardIcon },
  { title: 'Wallet Settings', url: '/wallet-settings', icon: WalletIcon },
  { title: 'Point Settings', url: '/point-settings', icon: CoinsIcon },
  { title: 'Store Settings', url: '/store-settings', icon: StoreIcon },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  // The dashboard lives at / and would otherwise match every path.
  if (item.url === '/') return pathname === '/';
  return pathname === item.url || pathname.startsWith(`${item.url}/`);
}
