import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships, users } from '../../db/schema/index.js';
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

    // Members and pending invitations are two lists of the same call (`status`).
    expect((await get(`/api/shops/${shopId}/users`, admin)).json().data.total).toBe(1);
    const pending = (await get(`/api/shops/${shopId}/users?status=invited`, admin)).json().data;
    expect(pending.total).toBe(1);
    expect(pending.data[0]).toMatchObject({ emailAddress: email, status: 'invited', role: 'member' });

    const invitee = await signUp(t.app, { email, invitation: token, firstName: 'Zed' });
    expect(invitee.companyId).toBe(shopId);
    expect((await get(`/api/shops/${shopId}/users?status=invited`, admin)).json().data.total).toBe(0);
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
    const invitedList = `/api/shops/${shopId}/users?status=invited`;
    const invited = (await get(invitedList, admin)).json().data.data[0];
    const promoteInvited = await t.app.inject({
      method: 'PATCH',
      url: `/api/shops/${shopId}/users/${invited.id}`,
      headers: bearer(admin.token),
      payload: { role: 'admin' },
    });
    expect(promoteInvited.statusCode).toBe(200);
    expect((await get(invitedList, admin)).json().data.data[0]).toMatchObject({
      role: 'admin',
      status: 'invited',
    });
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/shops/${shopId}/users/${invited.id}`,
      headers: bearer(admin.token),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get(invitedList, admin)).json().data.total).toBe(0);
    expect((await get(`/api/shops/${shopId}/users`, admin)).json().data.total).toBe(1);
  });

  /** Members straight into the database (the membership trigger of migration 0030 keeps their name key). */
  async function addMembers(companyId: number, people: [first: string, last: string][]) {
    const ids = people.map(() => `m-${Date.now()}-${Math.random().toString(36).slice(2)}`);
    await t.app.db.insert(users).values(
      people.map(([firstName, lastName], i) => ({
        id: ids[i]!,
        email: uniqueEmail('member'),
        passwordHash: 'x',
        firstName,
        lastName,
      })),
    );
    await t.app.db
      .insert(memberships)
      .values(ids.map((userId) => ({ userId, companyId, role: 'member' as const })));
    return ids;
  }

  const namesOf = (page: { data: { firstName: string; lastName: string }[] }) =>
    page.data.map((u) => `${u.firstName} ${u.lastName}`);

  /** Every row of a list, read page after page by the cursor. */
  async function walk(url: string, s: TSession) {
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`${url}${cursor ? `&cursor=${cursor}` : ''}`, s);
      expect(res.statusCode).toBe(200);
      names.push(...namesOf(res.json().data));
      cursor = res.json().data.nextCursor;
    } while (cursor);
    return names;
  }

  it('pages members by name with page numbers and the cursor, beyond one page', async () => {
    const { admin, shopId } = await shopWithAdmin();
    // Folded order: accents and case do not count; equal names are kept apart by the tie-breaker.
    const ids = await addMembers(shopId, [
      ['Zoë', 'Young'],
      ['émile', 'Bernard'],
      ['Bea', 'Smith'],
      ['Bea', 'Smith'],
      ['Carl', 'Otto'],
      ['Ada', 'Zane'],
    ]);
    const expected = [
      'Ada Zane',
      'Alice Lovelace',
      'Bea Smith',
      'Bea Smith',
      'Carl Otto',
      'émile Bernard',
      'Zoë Young',
    ];
    const base = `/api/shops/${shopId}/users?PerPage=3`;
    expect(await walk(base, admin)).toEqual(expected);
    const page3 = (await get(`${base}&Page=3`, admin)).json().data;
    expect(page3).toMatchObject({ total: 7, page: 3, perPage: 3, nextCursor: null });
    expect(namesOf(page3)).toEqual(['Zoë Young']);

    // A renamed user moves in the order (the users trigger of migration 0030 refreshes the key).
    await t.app.db.update(users).set({ firstName: 'Aaron' }).where(eq(users.id, ids[4]!));
    expect(namesOf((await get(base, admin)).json().data)).toEqual([
      'Aaron Otto',
      'Ada Zane',
      'Alice Lovelace',
    ]);
  });

  it('searches members by name or email and invitations by email, folded', async () => {
    const { admin, shopId } = await shopWithAdmin();
    await addMembers(shopId, [
      ['Renée', 'Dubois'],
      ['René', 'Marsh'],
      ['Paul', 'Klee'],
    ]);
    for (let i = 0; i < 5; i++) {
      await t.app.inject({
        method: 'POST',
        url: `/api/shops/${shopId}/users/invite`,
        headers: bearer(admin.token),
        payload: { email: `page${i}.${Date.now()}@example.com` },
      });
    }
    const search = async (q: string, status = 'active') =>
      (await get(`/api/shops/${shopId}/users?status=${status}&search=${encodeURIComponent(q)}`, admin)).json()
        .data;
    // Sorted here: how 'rene marsh' and 'renee dubois' compare depends on the database's collation.
    expect(namesOf(await search('RENE')).sort()).toEqual(['René Marsh', 'Renée Dubois']);
    expect(namesOf(await search('renée d'))).toEqual(['Renée Dubois']);
    expect(namesOf(await search(admin.email.toUpperCase()))).toEqual(['Alice Lovelace']);
    expect((await search('nobody here')).total).toBe(0);
    expect((await search('PAGE3', 'invited')).data.map((u: { status: string }) => u.status)).toEqual([
      'invited',
    ]);
    const invitations = (
      await get(`/api/shops/${shopId}/users?status=invited&PerPage=2&Page=3`, admin)
    ).json().data;
    expect(invitations).toMatchObject({ total: 5, page: 3, perPage: 2, nextCursor: null });
    expect(invitations.data).toHaveLength(1);
    expect(invitations.data[0].emailAddress).toMatch(/^page4\./);
  });

  it('shows a company only its own users, whichever company the cursor came from', async () => {
    const a = await shopWithAdmin();
    const b = await shopWithAdmin();
    await addMembers(a.shopId, [['Anna', 'Apple']]);
    await addMembers(b.shopId, [['Bob', 'Berry']]);
    const cursorOfA = (await get(`/api/shops/${a.shopId}/users?PerPage=1`, a.admin)).json().data.nextCursor;
    expect(cursorOfA).toEqual(expect.any(String));
    expect(await walk(`/api/shops/${b.shopId}/users?PerPage=1`, b.admin)).toEqual([
      'Alice Lovelace',
      'Bob Berry',
    ]);
    // A cursor read in company A only positions company B's list.
    const mixed = (await get(`/api/shops/${b.shopId}/users?cursor=${cursorOfA}`, b.admin)).json().data;
    expect(namesOf(mixed)).toContain('Bob Berry');
    expect(namesOf(mixed)).not.toContain('Anna Apple');
    expect((await get(`/api/shops/${b.shopId}/users?search=Apple`, b.admin)).json().data.total).toBe(0);
    expect((await get(`/api/shops/${a.shopId}/users`, b.admin)).statusCode).toBe(403);
  });

  it('refuses bad list queries with the error envelope', async () => {
    const { admin, shopId } = await shopWithAdmin();
    for (const [query, field, message] of [
      ['search=ab', 'search', 'Type at least 3 characters to search'],
      ['sort=newest', 'sort', 'Sort by name'],
      ['status=gone', 'status', 'Status is active or invited'],
      ['cursor=not-a-cursor', 'cursor', 'Not a cursor of this list and sort'],
      ['PerPage=500', 'perpage', 'Must be at most 100'],
      ['Page=abc', 'page', 'Must be a number'],
    ] as const) {
      const res = await get(`/api/shops/${shopId}/users?${query}`, admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ success: false, errors: { [field]: [message] } });
      expect(typeof res.json().trace).toBe('string');
    }
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
