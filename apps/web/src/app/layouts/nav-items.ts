import type { TCompanyType } from '@orderbridge/contract';
import {
  Bell,
  FileText,
  type LucideIcon,
  MessagesSquare,
  Package,
  ReceiptText,
  Settings,
  TriangleAlert,
  Undo2,
} from 'lucide-react';
import type { TScreen } from '../screens';

export type TNavItem = {
  id: string;
  label: string;
  icon: LucideIcon;
  /** Relative to the company's base path. */
  path: string;
  screen: TScreen;
  /** Non-selectable items are greyed out and go nowhere. */
  selectable: boolean;
};

const item = (id: string, label: string, icon: LucideIcon, screen: TScreen, selectable = true): TNavItem => ({
  id,
  label,
  icon,
  path: id,
  screen,
  selectable,
});

/** Sidebar items of spec §2, per company type. */
export function navItemsFor(type: TCompanyType): TNavItem[] {
  const head = [
    item('orders', 'Orders', FileText, 'orders'),
    item('products', 'Products', Package, 'products'),
    item('disputes', 'Disputes', TriangleAlert, 'disputes'),
    item('messages', 'Messages', MessagesSquare, 'messages'),
  ];
  const supplierOnly = [
    item('returns', 'Returns', Undo2, 'returns'),
    item('credits', 'Credits', ReceiptText, 'credits'),
  ];
  const tail = [
    item('notifications', 'Notifications', Bell, 'notifications'),
    item('config', 'Configuration', Settings, type === 'shops' ? 'emailConfig' : 'users'),
  ];
  return type === 'suppliers' ? [...head, ...supplierOnly, ...tail] : [...head, ...tail];
}
