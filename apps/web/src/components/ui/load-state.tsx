import { userMessage } from '../../lib/errors';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A list or panel that failed to load: what, why in the user's words, and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert tone="error" title={title}>
      {userMessage(error)}{' '}
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** The centred spinner of a list still loading. */
export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}
