import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmptyState, PageHeader } from './page';

/** A screen whose content arrives with a later module: its title and a useful empty state, never a blank. */
export function PlaceholderPage({
  title,
  description,
  icon,
  emptyTitle,
  emptyText,
  actions,
  emptyAction,
}: {
  title: string;
  description?: string;
  icon: LucideIcon;
  emptyTitle: string;
  emptyText: ReactNode;
  actions?: ReactNode;
  emptyAction?: ReactNode;
}) {
  return (
    <>
      <PageHeader title={title} description={description} actions={actions} />
      <EmptyState icon={icon} title={emptyTitle} action={emptyAction}>
        {emptyText}
      </EmptyState>
    </>
  );
}
