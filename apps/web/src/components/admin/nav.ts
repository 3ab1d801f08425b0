import type { StaffMember } from '@podbor/contract';
import type { ComponentType } from 'react';
import {
  CartIcon,
  ChatIcon,
  GridIcon,
  HistoryIcon,
  HomeIcon,
  PhoneIcon,
  PinIcon,
  UserIcon,
  WrenchIcon,
  type IconProps,
} from '@/components/ui/icons';

// The back office's menu; a plain module, so server pages (the home's section list) and the client frame share it.

export interface NavItem {
  href: string;
  label: string;
  icon: ComponentType<IconProps>;
  /** Only these roles see the item (the API refuses the others anyway). */
  roles?: readonly StaffMember['role'][];
}

/** The back office's sections, in the order staff use them. */
export const ADMIN_NAV: readonly NavItem[] = [
  { href: '/admin', label: 'Сводка', icon: HomeIcon },
  { href: '/admin/orders', label: 'Заказы', icon: CartIcon },
  { href: '/admin/callbacks', label: 'Обратные звонки', icon: PhoneIcon },
  { href: '/admin/reviews', label: 'Отзывы', icon: ChatIcon },
  { href: '/admin/products', label: 'Товары', icon: GridIcon },
  // ---- back office: product properties, fitment, installation prices ----
  { href: '/admin/installation', label: 'Цены установки', icon: WrenchIcon },
  { href: '/admin/customers', label: 'Покупатели', icon: UserIcon },
  { href: '/admin/branches', label: 'Филиалы', icon: PinIcon },
  { href: '/admin/audit', label: 'Журнал действий', icon: HistoryIcon, roles: ['admin'] },
];
