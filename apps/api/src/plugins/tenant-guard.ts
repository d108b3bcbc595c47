import type { TCompanyType, TRole } from '@orderbridge/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { TDb } from '../db/client.js';
import { companies, memberships } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

export type TCompanyContext = { id: number; type: TCompanyType; role: TRole };

declare module 'fastify' {
  interface FastifyRequest {
    /** The company of a `/api/{shops|suppliers}/{id}/…` route, checked by the tenant guard. */
    company: TCompanyContext;
  }
}

/** Company-scoped routes: `/api/shops/:shopId…` and `/api/suppliers/:supplierId…`. */
export const COMPANY_ROUTE = /^\/api\/(shops|suppliers)\/:([A-Za-z]\w*)(\/|$)/i;

const denied = () => new AppError('FORBIDDEN', 'You do not have access to this company.');
// A suspended company's data stays, but none of its users reach it until an operator reactivates it.
const suspended = () =>
  new AppError('FORBIDDEN', 'This company is suspended. Contact OrderBridge support to reactivate it.');

/** The membership check of the guard, for the few routes whose company comes from the query or body. */
export async function companyAccess(
  db: TDb,
  userId: string,
  companyId: number,
  type: TCompanyType,
): Promise<TCompanyContext> {
  const [row] = Number.isSafeInteger(companyId)
    ? await db
        .select({ role: memberships.role, type: companies.type, suspendedAt: companies.suspendedAt })
        .from(memberships)
        .innerJoin(companies, eq(companies.id, memberships.companyId))
        .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)))
    : [];
  if (!row || row.type !== type) throw denied();
  if (row.suspendedAt) throw suspended();
  return { id: companyId, type, role: row.role };
}

/** Throws unless the signed-in member is an admin of the route's company. */
export function requireAdmin(request: FastifyRequest) {
  if (request.company.role !== 'admin') {
    throw new AppError('FORBIDDEN', 'Only an admin of this company can do this.');
  }
}

/**
 * The one tenant guard. Every route registered after this plugin whose path is company-scoped gets
 * authentication and a membership + company-type check before anything else runs, so no route can forget it.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('company', null as unknown as TCompanyContext);

    app.addHook('onRoute', (route) => {
      const match = COMPANY_ROUTE.exec(route.url);
      if (!match) return;
      const type = match[1]!.toLowerCase() as TCompanyType;
      const param = match[2]!;
      const guard: onRequestHookHandler = async (request) => {
        const raw = (request.params as Record<string, string | undefined>)[param] ?? '';
        if (!/^\d{1,9}$/.test(raw)) {
          await app.authenticate(request);
          throw denied();
        }
        // Session and membership in one statement: a company-scoped request costs one statement before its own.
        const member = await app.authenticateMember(request, Number(raw));
        if (member?.type !== type) throw denied();
        if (member.suspended) throw suspended();
        request.company = { id: Number(raw), type, role: member.role };
      };
      const existing = route.onRequest ? [route.onRequest].flat() : [];
      route.onRequest = [guard, ...existing];
    });
  },
  { name: 'tenant-guard', dependencies: ['auth'] },
);
