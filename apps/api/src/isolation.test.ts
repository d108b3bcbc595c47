import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createTestApp, signUp, type TTestApp } from './test/harness.js';
import { walkCompanyRoutes, walkOperatorRoutes } from './test/isolation.js';

/** Two companies of each type owned by a victim, and an attacker who is admin of companies of their own. */
async function setUp(app: FastifyInstance) {
  const victim = await signUp(app);
  const attacker = await signUp(app);
  const target = {
    shops: await createCompany(app, victim, 'shops'),
    suppliers: await createCompany(app, victim, 'suppliers'),
  };
  await createCompany(app, attacker, 'shops');
  await createCompany(app, attacker, 'suppliers');
  return { victim, attacker, target };
}

describe('tenant isolation', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses every company-scoped route, with every method, to a member of another company', async () => {
    const { attacker, target } = await setUp(t.app);
    const results = await walkCompanyRoutes(t.app, target, attacker.token);
    // The walk must see the routes that exist (users, and whatever later modules add).
    expect(results.length).toBeGreaterThanOrEqual(8);
    const leaks = results.filter((r) => r.status < 300);
    expect(leaks).toEqual([]);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
  });

  it('lets the owner through the same routes (the walk reaches real handlers)', async () => {
    const { victim, target } = await setUp(t.app);
    const results = await walkCompanyRoutes(t.app, target, victim.token);
    expect(results.some((r) => r.status === 200 && r.url.endsWith('/users'))).toBe(true);
  });

  it('refuses every agent route (the agent token guard, not the tenant guard) to a user token and to no token', async () => {
    const { victim } = await setUp(t.app);
    const agentRoutes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/agent/') && r.url !== '/api/agent/pair' && r.method !== 'HEAD',
    );
    expect(agentRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of agentRoutes) {
      const url = route.url.replace(/:\w+/g, '1');
      for (const headers of [{ authorization: `Bearer ${victim.token}` }, {}]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers,
          payload: route.method === 'GET' ? undefined : {},
        });
        expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 401`);
      }
    }
  });

  it('refuses a shop member on the supplier path of the same id, and unauthenticated calls', async () => {
    const { victim, target } = await setUp(t.app);
    const wrongType = await t.app.inject({
      method: 'GET',
      url: `/api/suppliers/${target.shops}/users`,
      headers: { authorization: `Bearer ${victim.token}` },
    });
    expect(wrongType.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/shops/${target.shops}/users` });
    expect(anonymous.statusCode).toBe(401);
    const junkId = await t.app.inject({
      method: 'GET',
      url: '/api/shops/abc/users',
      headers: { authorization: `Bearer ${victim.token}` },
    });
    expect(junkId.statusCode).toBe(403);
  });

  it('refuses every operator route, with every method, to company users and to anonymous calls', async () => {
    const { victim, attacker, target } = await setUp(t.app);
    for (const session of [victim, attacker]) {
      const results = await walkOperatorRoutes(t.app, target.shops, session.token);
      expect(results.length).toBeGreaterThanOrEqual(15);
      // Company admins get exactly the operator guard's refusal: no validation error, no handler reached.
      expect(results.filter((r) => r.status !== 403)).toEqual([]);
    }
    const anonymous = await walkOperatorRoutes(t.app, target.shops, null);
    expect(anonymous.filter((r) => r.status !== 401)).toEqual([]);
  });

  it('lets an operator through the operator routes, but refuses them every company route', async () => {
    const { target } = await setUp(t.app);
    const operator = await signUp(t.app);
    await t.app.services.operators.add(operator.email);
    const admin = await walkOperatorRoutes(t.app, target.shops, operator.token);
    expect(admin.some((r) => r.status === 200 && r.url === '/api/admin/companies/:companyId')).toBe(true);
    expect(admin.filter((r) => r.status === 403 || r.status >= 500)).toEqual([]);
    // An operator reads company data only through operator routes, where it is audited.
    const company = await walkCompanyRoutes(t.app, target, operator.token);
    expect(company.filter((r) => r.status < 300)).toEqual([]);
    expect(company.filter((r) => r.status >= 500)).toEqual([]);
  });
});

describe('the isolation walk itself', () => {
  it('fails when a company-scoped route skips the guard', async () => {
    const leaky = await createTestApp(
      {},
      {
        // Registered before the guard exists, so the guard never sees it: exactly the mistake to catch.
        beforeGuard: async (app) => {
          app.get('/api/shops/:shopId/leak', async () => ({ success: true, message: 'leaked', data: null }));
        },
      },
    );
    try {
      const { attacker, target } = await setUp(leaky.app);
      const results = await walkCompanyRoutes(leaky.app, target, attacker.token);
      const leaks = results.filter((r) => r.status < 300).map((r) => `${r.method} ${r.url}`);
      expect(leaks).toContain('GET /api/shops/:shopId/leak');
    } finally {
      await leaky.close();
    }
    // A second app of its own (a new database, two sign-ups, the whole walk): over 30 s on a busy 2-core machine.
  }, 90_000);
});
