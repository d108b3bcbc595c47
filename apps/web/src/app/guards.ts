import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isCompanyType } from '../lib/session';
import { getAccessToken } from '../lib/storage';

export const NOT_AUTHORIZED_PATH = '/NotAuthorizedToAccess';

/** Token-guarded routes: no stored access token → `/login?error=true` (spec §4). */
export function requireToken() {
  if (!getAccessToken()) throw redirect('/login?error=true');
  return null;
}

/** The company area: companyType must be shops or suppliers (else a router error) and the id a number. */
export function companyAreaLoader({ params }: LoaderFunctionArgs) {
  if (!isCompanyType(params.companyType)) {
    throw new Error(`Company type must be shops or suppliers, got "${params.companyType ?? ''}"`);
  }
  const id = Number(params.companyId);
  if (!params.companyId || !Number.isInteger(id) || id <= 0)
    throw new Error('The company id is missing or invalid');
  requireToken();
  // Start the profile request alongside the screen's own data instead of after the layout renders.
  void import('../lib/profile-query').then((m) => m.prefetchProfile());
  return null;
}

/** Shops-only screens send suppliers to NotAuthorizedToAccess (spec §6). */
export function shopsOnly({ params }: LoaderFunctionArgs) {
  if (params.companyType !== 'shops') throw redirect(NOT_AUTHORIZED_PATH);
  return null;
}
