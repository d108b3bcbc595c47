import {
  AUDIT_REASON_HEADER,
  AUDIT_REASON_MAX,
  AUDIT_REASON_MIN,
  type TOperator,
} from '@orderbridge/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog, documents, orders } from '../db/schema/index.js';
import { AppError } from '../lib/app-error.js';

/** Operator routes: `/api/admin/…`. */
export const OPERATOR_ROUTE = /^\/api\/admin(\/|$)/i;

/**
 * An operator route that reads or changes company data: its action name for the audit log, and where the
 * company is found (the `companyId` parameter, or the shop of the order or document in the `id` parameter;
 * `null` for reads across companies).
 */
export type TAuditSpec = { action: string; company: 'param' | 'order' | 'document' | null };

declare module 'fastify' {
  interface FastifyContextConfig {
    audit?: TAuditSpec;
  }
  interface FastifyRequest {
    /** The signed-in platform operator of an `/api/admin/…` route, checked by the operator guard. */
    operator: TOperator;
  }
}

/** The reason as sent: URL-encoded, so it may hold any language's letters (headers carry only Latin-1). */
function reasonOf(request: FastifyRequest): string {
  const raw = [request.headers[AUDIT_REASON_HEADER]].flat()[0] ?? '';
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return raw.trim();
  }
}

/**
 * The operator guard: every `/api/admin/…` route gets authentication and the operator check before anything
 * else runs (company roles count for nothing here), and every route marked with `config.audit` refuses to run
 * without a reason and writes who, what, when and why to the audit log before its handler reads anything.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('operator', null as unknown as TOperator);

    const guard: onRequestHookHandler = async (request) => {
      await app.authenticate(request);
      const operator = await app.services.operators.find(request.auth.userId);
      if (!operator) throw new AppError('FORBIDDEN', 'Only OrderBridge operators can do this.');
      request.operator = operator;
    };

    async function companyOf(spec: TAuditSpec, params: Record<string, unknown>): Promise<number | null> {
      const id = Number(spec.company === 'param' ? params.companyId : params.id);
      if (!spec.company || !Number.isSafeInteger(id)) return null;
      if (spec.company === 'param') return id;
      const table = spec.company === 'order' ? orders : documents;
      const [row] = await app.db.select({ shopId: table.shopId }).from(table).where(eq(table.id, id));
      return row?.shopId ?? null;
    }

    const recorder =
      (spec: TAuditSpec): preHandlerHookHandler =>
      async (request) => {
        const reason = reasonOf(request);
        if (reason.length < AUDIT_REASON_MIN || reason.length > AUDIT_REASON_MAX) {
          throw new AppError(
            'BAD_REQUEST',
            `Say why you need this company's data: send the reason in the ${AUDIT_REASON_HEADER} header (${AUDIT_REASON_MIN} to ${AUDIT_REASON_MAX} characters). It is written to the audit log.`,
            { reason: [`Give a reason of ${AUDIT_REASON_MIN} to ${AUDIT_REASON_MAX} characters`] },
          );
        }
        await app.db.insert(auditLog).values({
          operatorId: request.operator.userId,
          operatorEmail: request.operator.email,
          action: spec.action,
          method: request.method,
          target: request.url.slice(0, 2000),
          companyId: await companyOf(spec, request.params as Record<string, unknown>),
          reason,
        });
      };

    app.addHook('onRoute', (route) => {
      if (!OPERATOR_ROUTE.test(route.url)) return;
      route.onRequest = [guard, ...(route.onRequest ? [route.onRequest].flat() : [])];
      const spec = route.config?.audit;
      if (spec) route.preHandler = [recorder(spec), ...(route.preHandler ? [route.preHandler].flat() : [])];
    });
  },
  { name: 'operator-guard', dependencies: ['auth'] },
);
