import { AUDIT_REASON_HEADER } from '@orderbridge/contract';
import type { FastifyInstance } from 'fastify';
import { OPERATOR_ROUTE } from '../plugins/operator-guard.js';
import { COMPANY_ROUTE } from '../plugins/tenant-guard.js';

export type TWalkResult = { method: string; url: string; status: number };

/**
 * Calls every registered company-scoped route, with every method, for `companyId` of the given type,
 * using `token` (a member of another company). Other path parameters get a plausible id.
 */
export async function walkCompanyRoutes(
  app: FastifyInstance,
  target: { shops: number; suppliers: number },
  token: string,
): Promise<TWalkResult[]> {
  const results: TWalkResult[] = [];
  for (const route of app.registeredRoutes) {
    const match = COMPANY_ROUTE.exec(route.url);
    if (!match) continue;
    const type = match[1]!.toLowerCase() as 'shops' | 'suppliers';
    const url = route.url
      .replace(`:${match[2]}`, String(target[type]))
      .replace(/:\w+/g, '1')
      .replace(/\*$/, 'x');
    const res = await app.inject({
      method: route.method as 'GET',
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
    results.push({ method: route.method, url: route.url, status: res.statusCode });
  }
  return results;
}

/**
 * Calls every registered operator route (`/api/admin/…`), with every method, using `token`, with a reason
 * for the audit log, so a refusal can only come from the operator guard. Path parameters get `companyId`.
 */
export async function walkOperatorRoutes(
  app: FastifyInstance,
  companyId: number,
  token: string | null,
): Promise<TWalkResult[]> {
  const results: TWalkResult[] = [];
  for (const route of app.registeredRoutes) {
    if (!OPERATOR_ROUTE.test(route.url) || route.method === 'HEAD') continue;
    const res = await app.inject({
      method: route.method as 'GET',
      url: route.url.replace(/:\w+/g, String(companyId)),
      headers: {
        [AUDIT_REASON_HEADER]: 'isolation walk',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
    results.push({ method: route.method, url: route.url, status: res.statusCode });
  }
  return results;
}
