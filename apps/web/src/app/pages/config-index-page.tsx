import { Navigate } from 'react-router';
import { useCompany } from '../../lib/company-context';
import { useIsMobile } from '../../lib/use-media-query';

/** Config index (spec §2): a hint on small screens; otherwise shops go to email and suppliers to users. */
export default function ConfigIndexPage() {
  const { companyType } = useCompany();
  const isMobile = useIsMobile();
  if (isMobile) return <p className="text-sm text-slate-600">This is the config page navigate to a page</p>;
  return <Navigate to={companyType === 'shops' ? 'email' : 'users'} replace />;
}
