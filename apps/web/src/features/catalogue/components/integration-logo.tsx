import type { TIntegration } from '@orderbridge/contract';
import { Avatar } from '../../../components/ui/avatar';

/** The integration's logo, or its initials when it has none. */
export function IntegrationLogo({
  integration,
  size = 24,
}: {
  integration: Pick<TIntegration, 'name' | 'logo' | 'logoUrl'>;
  size?: number;
}) {
  return (
    <Avatar
      name={integration.name}
      src={integration.logo ?? integration.logoUrl}
      size={size}
      className="rounded-md"
    />
  );
}
