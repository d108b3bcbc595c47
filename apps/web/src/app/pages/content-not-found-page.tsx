import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { EmptyState, PageHeader } from '../../components/ui/page';
import { useCompany } from '../../lib/company-context';

/** Catch-all inside the company area: the shell stays, the content says it is not there. */
export default function ContentNotFoundPage() {
  const { basePath } = useCompany();
  return (
    <>
      <PageHeader title="Page not found" />
      <EmptyState
        icon={Compass}
        title="This page does not exist"
        action={
          <Link to={`${basePath}/orders`} className={buttonClass('primary')}>
            Go to orders
          </Link>
        }
      >
        The address may be mistyped, or the page has moved.
      </EmptyState>
    </>
  );
}
