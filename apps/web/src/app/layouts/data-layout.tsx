import { Outlet } from 'react-router';
import { Providers } from '../providers';

/**
 * Every route but login sits below this lazily loaded layout, so the query library, overlay and toasts stay
 * out of the login route's bundle (ARCHITECTURE §8 budget).
 */
export default function DataLayout() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  );
}
