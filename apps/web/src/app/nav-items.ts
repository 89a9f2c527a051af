import {
  CoinsIcon,
  CreditCardIcon,
  GiftIcon,
  HistoryIcon,
  LayoutDashboardIcon,
  type LucideIcon,
  MapPinIcon,
  MegaphoneIcon,
  PercentIcon,
  QrCodeIcon,
  ScanLineIcon,
  SparklesIcon,
  StampIcon,
  StoreIcon,
  UserRoundIcon,
  UsersIcon,
  WalletIcon,
  WebhookIcon,
} from 'lucide-react';
import type { MessageKey } from '@/lib/i18n/i18n';

interface NavItem {
  title: MessageKey;
  url: string;
  icon: LucideIcon;
  /** Shown only to owners and admins: the screen's API refuses staff. */
  adminOnly?: boolean;
}

/** The sidebar's items, in the spec's order; titles are catalogue keys. */
export const NAV_ITEMS: NavItem[] = [
  { title: 'nav.dashboard', url: '/', icon: LayoutDashboardIcon },
  { title: 'nav.users', url: '/users', icon: UsersIcon },
  { title: 'nav.members', url: '/members', icon: UserRoundIcon },
  { title: 'counter.title', url: '/counter', icon: ScanLineIcon },
  { title: 'nav.memberships', url: '/memberships', icon: CreditCardIcon },
  { title: 'nav.rewards', url: '/rewards', icon: GiftIcon, adminOnly: true },
  { title: 'nav.promotions', url: '/promotions', icon: PercentIcon, adminOnly: true },
  { title: 'nav.branches', url: '/branches', icon: MapPinIcon, adminOnly: true },
  { title: 'nav.walletSettings', url: '/wallet-settings', icon: WalletIcon },
  { title: 'nav.pointSettings', url: '/point-settings', icon: CoinsIcon },
  { title: 'nav.stampCard', url: '/stamp-card', icon: StampIcon },
  { title: 'nav.storeSettings', url: '/store-settings', icon: StoreIcon },
  { title: 'nav.enrolment', url: '/enrolment', icon: QrCodeIcon, adminOnly: true },
  { title: 'nav.messages', url: '/messages', icon: MegaphoneIcon, adminOnly: true },
  { title: 'nav.automations', url: '/automations', icon: SparklesIcon, adminOnly: true },
  { title: 'nav.developers', url: '/developers', icon: WebhookIcon, adminOnly: true },
  { title: 'nav.activity', url: '/activity', icon: HistoryIcon, adminOnly: true },
];

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  // The dashboard lives at / and would otherwise match every path.
  if (item.url === '/') return pathname === '/';
  return pathname === item.url || pathname.startsWith(`${item.url}/`);
}
