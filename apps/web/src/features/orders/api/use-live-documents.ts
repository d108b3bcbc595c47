import { useQueryClient } from '@tanstack/react-query';
import { useCompany } from '../../../lib/company-context';
import { useLiveEvents } from '../../../lib/live-events';
import { orderKeys } from './keys';

/**
 * Upload progress from the event stream moves the orders lists without a reload: a document appears when it is
 * stored and changes state when its reading ends (pages read in between change nothing in a list).
 */
export function useLiveDocuments() {
  const { companyType, companyId } = useCompany();
  const qc = useQueryClient();
  useLiveEvents((event) => {
    if (event.type !== 'document' || event.companyId !== companyId || event.data.stage === 'reading') return;
    void qc.invalidateQueries({ queryKey: orderKeys.lists(companyType, companyId) });
    void qc.invalidateQueries({ queryKey: orderKeys.documents(companyType, companyId) });
  });
}
