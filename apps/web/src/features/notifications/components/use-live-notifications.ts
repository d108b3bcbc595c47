import { useQueryClient } from '@tanstack/react-query';
import { notify } from '../../../components/ui/toast';
import { useCompany } from '../../../lib/company-context';
import { useLiveEvents } from '../../../lib/live-events';
import { notificationKeys } from '../api/keys';

/** New notifications and read marks from the stream refresh the bell and the list, and show a toast. */
export function useLiveNotifications() {
  const { companyType, companyId } = useCompany();
  const qc = useQueryClient();
  useLiveEvents((event) => {
    if (event.companyId !== companyId || (event.type !== 'notification' && event.type !== 'unread')) return;
    void qc.invalidateQueries({ queryKey: notificationKeys.company(companyType, companyId) });
    if (event.type === 'notification') notify.success(event.data.title, event.data.body);
  });
}
