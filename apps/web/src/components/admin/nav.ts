import type { StaffMember } from '@podbor/contract';
import type { ComponentType } from 'react';
import {
  CartIcon,
  ChatIcon,
  ClockIcon,
  GearIcon,
  GridIcon,
  HistoryIcon,
  HomeIcon,
  ImageIcon,
  PageIcon,
  PhoneIcon,
  PinIcon,
  TagIcon,
  TreeIcon,
  TruckIcon,
  UploadIcon,
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
  // ---- categories and manufacturers ----
  { href: '/admin/categories', label: 'Категории', icon: TreeIcon },
  { href: '/admin/manufacturers', label: 'Производители', icon: TagIcon },
  // ---- back office: product properties, fitment, installation prices ----
  { href: '/admin/installation', label: 'Цены установки', icon: WrenchIcon },
  // ---- back office: imports (issue #15) ----
  { href: '/admin/imports', label: 'Импорт', icon: UploadIcon },
  // ---- back office: suppliers and price lists (issue #15) ----
  { href: '/admin/suppliers', label: 'Поставщики', icon: TruckIcon },
  { href: '/admin/customers', label: 'Покупатели', icon: UserIcon },
  { href: '/admin/branches', label: 'Филиалы', icon: PinIcon },
  // ---- content: banners, info pages, showcase settings (administrators only, as the API) ----
  { href: '/admin/banners', label: 'Баннеры', icon: ImageIcon, roles: ['admin'] },
  { href: '/admin/pages', label: 'Страницы', icon: PageIcon, roles: ['admin'] },
  { href: '/admin/settings', label: 'Настройки магазина', icon: GearIcon, roles: ['admin'] },
  { href: '/admin/audit', label: 'Журнал действий', icon: HistoryIcon, roles: ['admin'] },
  // ---- background jobs of the API (issue #16) ----
  { href: '/admin/jobs', label: 'Фоновые задачи', icon: ClockIcon, roles: ['admin'] },
];
