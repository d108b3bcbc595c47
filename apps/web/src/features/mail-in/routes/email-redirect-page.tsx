import { Navigate, useLocation } from 'react-router';
import { getStoredCompany, setStoredCompany } from '../../../lib/storage';

/**
 * `/shops/config/email/` (spec §2): reads the stored company; without a shop company it goes to the login
 * page with the error flag, otherwise it replaces the route with the shop's email configuration, keeping
 * the query string.
 */
export default function EmailRedirectPage() {
  const { search } = useLocation();
  const { type, id } = getStoredCompany();
  if (!type || !id || type !== 'shops') return <Navigate to="/login?error=true" replace />;
  setStoredCompany('shops', id);
  return <Navigate to={`/shops/${id}/config/email${search}`} replace />;
}
