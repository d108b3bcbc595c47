import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCompany,
  createTestApp,
  lastMailTo,
  PASSWORD,
  signIn,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
} from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// The smallest valid PNG (1×1) and a JPEG header: checked by content, not by name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const get = (url: string, s: TSession) => t.app.inject({ method: 'GET', url, headers: bearer(s.token) });

describe('profile and onboarding', () => {
  it('creates a shop through onboarding; the creator is its admin and sees it in the profile', async () => {
    const s = await signUp(t.app);
    const empty = await get('/api/profile', s);
    expect(empty.json().data).toMatchObject({
      userName: s.email,
      emailAddress: s.email,
      companies: [],
      phoneNumber: null,
    });

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/company',
      headers: bearer(s.token),
      payload: {
        companyName: 'Corner Shop',
        companyType: 'shops',
        companyMainEmail: 'Orders@Corner.example',
        companyAddress: '1 High Street',
        companyPhone: '+44 20 1234 5678',
        companyWebsite: 'https://corner.example',
        plan: 'Enterprise',
        billingCycle: 'Yearly',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      companyName: 'Corner Shop',
      companyMainEmail: 'orders@corner.example',
      plan: 'Enterprise',
      billingCycle: 'Yearly',
      types: ['shops'],
      aiModel: 'builtin',
      requireApproval: false,
    });
    const id = res.json().data.companyId;
    const profile = (await get('/api/profile', s)).json().data;
    expect(profile.companies).toEqual([
      {
        id,
        name: 'Corner Shop',
        type: 'shops',
        logo: null,
        roles: ['admin'],
        requireApproval: false,
        orderApprovalEnabled: false,
      },
    ]);
    expect(profile.shops).toHaveLength(1);
    expect(profile.suppliers).toHaveLength(0);
    expect(profile.roles).toEqual(['admin']);
    expect((await get('/api/profile/companies', s)).json().data).toEqual(profile.companies);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: s.email, password: PASSWORD },
    });
    expect(login.json().data).toMatchObject({ companyId: id, role: 'admin' });
  });

  it('accepts multipart with a logo checked by content, and serves the logo', async () => {
    const s = await signUp(t.app);
    const form = multipart(
      { companyName: 'Fresh Supplies', companyType: 'suppliers', companyMainEmail: uniqueEmail('fresh') },
      { field: 'logo', name: 'logo.png', type: 'image/png', bytes: PNG },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/company',
      headers: { ...bearer(s.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(201);
    const logo = res.json().data.companyImageLocation as string;
    expect(logo).toMatch(/^\/api\/files\/logos\/.+\.png$/);
    const file = await t.app.inject({ method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const fake = multipart(
      { companyName: 'Fake', companyType: 'shops', companyMainEmail: uniqueEmail('fake') },
      { field: 'logo', name: 'logo.png', type: 'image/png', bytes: Buffer.from('%PDF-1.4 not an image') },
    );
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/company',
      headers: { ...bearer(s.token), ...fake.headers },
      payload: fake.payload,
    });
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe('The picture must be a JPEG, PNG, WebP or HEIC image.');
    // Nothing was created by the refused request.
    expect((await get('/api/profile', s)).json().data.companies).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/files/logos/../../secrets/jwt-secret' })).statusCode,
    ).toBe(404);
  });

  it('refuses bad onboarding input with field errors', async () => {
    const s = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/company',
      headers: bearer(s.token),
      payload: {
        companyName: '',
        companyType: 'banks',
        companyMainEmail: 'nope',
        plan: 'Free',
        billingCycle: 'Weekly',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'billingCycle',
      'companyMainEmail',
      'companyName',
      'companyType',
      'plan',
    ]);
    expect(res.json().errors.companyType).toEqual(['Company type must be shops or suppliers']);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/onboarding/company', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('saves contact details with a profile picture', async () => {
    const s = await signUp(t.app);
    const form = multipart(
      { firstName: 'Mary', lastName: 'Jackson', phoneNumber: '+1 555 0100' },
      { field: 'profileImage', name: 'me.png', type: 'image/png', bytes: PNG },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/contact',
      headers: { ...bearer(s.token), ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      firstName: 'Mary',
      lastName: 'Jackson',
      phoneNumber: '+1 555 0100',
    });
    expect(res.json().data.profileImage).toMatch(/^\/api\/files\/avatars\//);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/contact',
      headers: bearer(s.token),
      payload: { firstName: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['firstName', 'lastName']);
  });

  it('lets a user belong to several companies with a role in each', async () => {
    const s = await signUp(t.app);
    const shop = await createCompany(t.app, s, 'shops');
    const supplier = await createCompany(t.app, s, 'suppliers');
    const companies = (await get('/api/profile/companies', s)).json().data;
    expect(companies.map((c: { id: number; type: string }) => [c.id, c.type])).toEqual([
      [shop, 'shops'],
      [supplier, 'suppliers'],
    ]);
  });
});

describe('users of a company', () => {
  async function shopWithAdmin() {
    const admin = await signUp(t.app, { firstName: 'Alice' });
    const shopId = await createCompany(t.app, admin, 'shops', 'Users Shop');
    return { admin, shopId };
  }

  it('invites by email; the invitee joins by registering through the link', async () => {
    const { admin, shopId } = await shopWithAdmin();
    const email = uniqueEmail('invitee');
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(admin.token),
      payload: { email, role: 'member' },
    });
    expect(invite.statusCode).toBe(201);
    const mail = await lastMailTo(t.app, email);
    expect(mail.subject).toBe('You are invited to join Users Shop on OrderBridge');
    expect(mail.html).toContain('Accept invitation');
    const token = new URL(mail.links[0]!).searchParams.get('invitation')!;
    expect(new URL(mail.links[0]!).pathname).toBe('/register');

    const described = await t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(described.json().data).toEqual({ email, companyName: 'Users Shop', companyType: 'shops' });

    const pending = (await get(`/api/shops/${shopId}/users`, admin)).json().data;
    expect(pending.total).toBe(2);
    expect(pending.data[1]).toMatchObject({ emailAddress: email, status: 'invited', role: 'member' });

    const invitee = await signUp(t.app, { email, invitation: token, firstName: 'Zed' });
    expect(invitee.companyId).toBe(shopId);
    const list = (await get(`/api/shops/${shopId}/users?Page=1&PerPage=25`, admin)).json().data;
    expect(list.total).toBe(2);
    expect(
      list.data.map((u: { emailAddress: string; role: string; status: string }) => [
        u.emailAddress,
        u.role,
        u.status,
      ]),
    ).toEqual([
      [admin.email, 'admin', 'active'],
      [email, 'member', 'active'],
    ]);
  });

  it('lets an existing user join by signing in through the link, but only for their own address', async () => {
    const { admin, shopId } = await shopWithAdmin();
    const existing = await signUp(t.app);
    const stranger = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(admin.token),
      payload: { email: existing.email },
    });
    const token = new URL((await lastMailTo(t.app, existing.email)).links[0]!).searchParams.get(
      'invitation',
    )!;

    const wrongPerson = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: bearer(stranger.token),
      payload: { token },
    });
    expect(wrongPerson.statusCode).toBe(403);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/account/login',
      payload: { userName: existing.email, password: PASSWORD, invitation: token },
    });
    expect(login.statusCode).toBe(200);
    const companies = (await get('/api/profile/companies', existing)).json().data;
    expect(companies.map((c: { id: number }) => c.id)).toContain(shopId);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/invitations/accept',
      headers: bearer(existing.token),
      payload: { token: 'nope' },
    });
    expect(garbage.statusCode).toBe(404);
  });

  it('changes roles and removes members, never the last admin; members cannot manage users', async () => {
    const { admin, shopId } = await shopWithAdmin();
    const email = uniqueEmail('member');
    await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(admin.token),
      payload: { email },
    });
    const token = new URL((await lastMailTo(t.app, email)).links[0]!).searchParams.get('invitation')!;
    const member = await signUp(t.app, { email, invitation: token });

    for (const req of [
      {
        method: 'POST' as const,
        url: `/api/shops/${shopId}/users/invite`,
        payload: { email: uniqueEmail() },
      },
      {
        method: 'PATCH' as const,
        url: `/api/shops/${shopId}/users/${admin.userId}`,
        payload: { role: 'member' },
      },
      { method: 'DELETE' as const, url: `/api/shops/${shopId}/users/${admin.userId}` },
    ]) {
      const res = await t.app.inject({ ...req, headers: bearer(member.token) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only an admin of this company can do this.');
    }
    // Members can still see who is in their company.
    expect((await get(`/api/shops/${shopId}/users`, member)).statusCode).toBe(200);

    const demoteLast = await t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shopId}/users/${admin.userId}`,
      headers: bearer(admin.token),
      payload: { role: 'member' },
    });
    expect(demoteLast.statusCode).toBe(409);
    const removeLast = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/users/${admin.userId}`,
      headers: bearer(admin.token),
    });
    expect(removeLast.statusCode).toBe(409);

    const badRole = await t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shopId}/users/${member.userId}`,
      headers: bearer(admin.token),
      payload: { role: 'owner' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().errors).toEqual({ role: ['Role must be admin or member'] });

    const promote = await t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shopId}/users/${member.userId}`,
      headers: bearer(admin.token),
      payload: { role: 'admin' },
    });
    expect(promote.statusCode).toBe(200);
    const removeFirst = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/users/${admin.userId}`,
      headers: bearer(member.token),
    });
    expect(removeFirst.statusCode).toBe(200);
    const list = (await get(`/api/shops/${shopId}/users`, member)).json().data;
    expect(list.data.map((u: { emailAddress: string }) => u.emailAddress)).toEqual([email]);
    const unknown = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/users/nobody`,
      headers: bearer(member.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to invite an existing member, bad emails, and revokes a pending invitation', async () => {
    const { admin, shopId } = await shopWithAdmin();
    const dup = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(admin.token),
      payload: { email: admin.email },
    });
    expect(dup.statusCode).toBe(409);
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(admin.token),
      payload: { email: 'x@' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('email');
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: `/api/shops/${shopId}/users/invite`,
      headers: bearer(admin.token),
      payload: { email },
    });
    const invited = (await get(`/api/shops/${shopId}/users`, admin)).json().data.data[1];
    const promoteInvited = await t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shopId}/users/${invited.id}`,
      headers: bearer(admin.token),
      payload: { role: 'admin' },
    });
    expect(promoteInvited.statusCode).toBe(200);
    expect((await get(`/api/shops/${shopId}/users`, admin)).json().data.data[1]).toMatchObject({
      role: 'admin',
      status: 'invited',
    });
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/users/${invited.id}`,
      headers: bearer(admin.token),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get(`/api/shops/${shopId}/users`, admin)).json().data.total).toBe(1);
  });

  it('pages and searches the list, and validates paging', async () => {
    const { admin, shopId } = await shopWithAdmin();
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/users/invite`,
        headers: bearer(admin.token),
        payload: { email: `page${i}.${Date.now()}@example.com` },
      });
    }
    const page2 = (await get(`/api/shops/${shopId}/users?page=2&perPage=4`, admin)).json().data;
    expect(page2).toMatchObject({ total: 6, page: 2, perPage: 4 });
    expect(page2.data).toHaveLength(2);
    const search = (await get(`/api/shops/${shopId}/users?search=page3`, admin)).json().data;
    expect(search.total).toBe(1);
    const tooMany = await get(`/api/shops/${shopId}/users?PerPage=500`, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ perpage: ['Must be at most 100'] });
    const notNumber = await get(`/api/shops/${shopId}/users?Page=abc`, admin);
    expect(notNumber.statusCode).toBe(400);
  });

  it('works the same for supplier companies', async () => {
    const admin = await signUp(t.app);
    const supplierId = await createCompany(t.app, admin, 'suppliers');
    const res = await get(`/api/suppliers/${supplierId}/users`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(1);
    await expect(signIn(t.app, admin.email)).resolves.toMatchObject({ companyId: supplierId, role: 'admin' });
  });
});
