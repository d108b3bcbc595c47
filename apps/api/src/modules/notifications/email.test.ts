import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents } from '../../db/schema/index.js';
import {
  bearer,
  createCompany,
  createTestApp,
  lastMailTo,
  mailsTo,
  pathOf,
  signUp,
  type TSession,
  type TTestApp,
  uniqueEmail,
  waitForMail,
} from '../../test/harness.js';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (s: TSession, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(s.token), payload });

/** A shop with two members (owner and colleague), and another shop's owner. */
async function world() {
  const owner = await signUp(t.app);
  const shopId = await createCompany(t.app, owner, 'shops', `Corner Shop ${shopNo++}`);
  const colleagueEmail = uniqueEmail('colleague');
  await call(owner, 'POST', `/api/shops/${shopId}/users/invite`, { email: colleagueEmail, role: 'member' });
  const invitation = new URL((await lastMailTo(t.app, colleagueEmail)).links[0]!).searchParams.get(
    'invitation',
  )!;
  const colleague = await signUp(t.app, { email: colleagueEmail, invitation });
  const stranger = await signUp(t.app);
  await createCompany(t.app, stranger, 'shops');
  return { owner, colleague, stranger, shopId, prefs: `/api/shops/${shopId}/notifications/preferences` };
}
let shopNo = 1;

const notify = (shopId: number, kind: 'document_failed' | 'document_ready', title: string) =>
  t.app.services.notifications.notify({
    companyId: shopId,
    kind,
    title,
    body: `What happened to ${title}.`,
    link: `/shops/${shopId}/orders/review/1`,
  });

describe('email preferences', () => {
  it('start from the defaults, save per user and company, and refuse kinds of the other side', async () => {
    const w = await world();
    const initial = await call(w.owner, 'GET', w.prefs);
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toMatchObject({
      immediate: [
        'document_failed',
        'dispute_answered',
        'dispute_credited',
        'message_received',
        'integration_disconnected',
        'mailbox_failed',
      ],
      dailyDigest: true,
    });
    const kinds = initial.json().data.kinds.map((k: { kind: string }) => k.kind);
    expect(kinds).toContain('document_ready');
    expect(kinds).not.toContain('dispute_opened');

    const saved = await call(w.owner, 'PUT', w.prefs, { immediate: ['document_ready'], dailyDigest: false });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ immediate: ['document_ready'], dailyDigest: false });
    expect((await call(w.owner, 'GET', w.prefs)).json().data).toMatchObject({
      immediate: ['document_ready'],
      dailyDigest: false,
    });
    // The colleague's own settings are untouched.
    expect((await call(w.colleague, 'GET', w.prefs)).json().data.dailyDigest).toBe(true);

    const foreign = await call(w.owner, 'PUT', w.prefs, { immediate: ['dispute_opened'], dailyDigest: true });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      success: false,
      errors: { immediate: ['Not sent to shops: dispute_opened'] },
    });
    const unknown = await call(w.owner, 'PUT', w.prefs, { immediate: ['everything'], dailyDigest: 'yes' });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['dailyDigest', 'immediate.0']);
    expect((await call(w.stranger, 'GET', w.prefs)).statusCode).toBe(403);
    // Nothing of the refused calls was kept.
    expect((await call(w.owner, 'GET', w.prefs)).json().data.immediate).toEqual(['document_ready']);
  }, 60_000);
});

describe('immediate mail', () => {
  it('mails the kinds each member wants at once, once, with a one-click unsubscribe', async () => {
    const w = await world();
    // The colleague wants failures only in the digest.
    await call(w.colleague, 'PUT', w.prefs, { immediate: [], dailyDigest: true });
    await notify(w.shopId, 'document_failed', 'INV-9.pdf could not be read');

    const mail = await waitForMail(t.app, w.owner.email, (m) => m.subject === 'INV-9.pdf could not be read');
    expect(mail.text).toContain('What happened to INV-9.pdf could not be read.');
    expect(mail.text).toContain(`http://orderbridge.test/shops/${w.shopId}/orders/review/1`);
    expect(mail.text).toContain(
      `Email settings: http://orderbridge.test/shops/${w.shopId}/notifications/settings`,
    );
    expect(mail.text).toMatch(/Unsubscribe: http:\/\/orderbridge\.test\/unsubscribe\?token=\S+/);
    expect(mail.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/orderbridge\.test\/api\/notifications\/unsubscribe\?token=\S+>$/,
    );
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The job that sent it has run for everyone: the colleague and the other shop got nothing.
    expect((await mailsTo(t.app, w.colleague.email)).some((m) => m.subject.includes('INV-9'))).toBe(false);
    expect((await mailsTo(t.app, w.stranger.email)).some((m) => m.subject.includes('INV-9'))).toBe(false);
    // Running again mails nothing twice.
    await t.app.services.notificationMails.sendImmediate();
    expect((await mailsTo(t.app, w.owner.email)).filter((m) => m.subject.includes('INV-9'))).toHaveLength(1);
  }, 90_000);

  it('a notification read before the mail went out, and kinds not chosen, are not mailed at once', async () => {
    const w = await world();
    await notify(w.shopId, 'document_ready', 'INV-10 is ready for review');
    await call(w.owner, 'POST', `/api/shops/${w.shopId}/notifications/read-all`);
    await t.app.services.notificationMails.sendImmediate();
    expect((await mailsTo(t.app, w.owner.email)).some((m) => m.subject.includes('INV-10'))).toBe(false);
  }, 60_000);
});

describe('daily digest', () => {
  it('sends each member one mail with the unread notifications not mailed at once, through the job', async () => {
    const w = await world();
    await call(w.colleague, 'PUT', w.prefs, { immediate: [], dailyDigest: false });
    await notify(w.shopId, 'document_ready', 'INV-20 is ready for review');
    await notify(w.shopId, 'document_ready', 'INV-21 is ready for review');
    await notify(w.shopId, 'document_ready', 'INV-22 is ready for review');
    // One of them read already: not in the digest.
    const list = (await call(w.owner, 'GET', `/api/shops/${w.shopId}/notifications`)).json().data.data;
    const read = list.find((n: { title: string }) => n.title.startsWith('INV-21'));
    await call(w.owner, 'POST', `/api/shops/${w.shopId}/notifications/${read.id}/read`);
    // A failure was mailed at once: not again in the digest.
    await notify(w.shopId, 'document_failed', 'INV-23.pdf could not be read');
    await waitForMail(t.app, w.owner.email, (m) => m.subject === 'INV-23.pdf could not be read');

    await t.app.jobs.send('notification-digest', {});
    const digest = await waitForMail(t.app, w.owner.email, (m) => m.subject.includes('unread notification'));
    expect(digest.subject).toMatch(/^Corner Shop \d+: 2 unread notifications$/);
    expect(digest.text).toContain(
      'INV-22 is ready for review — What happened to INV-22 is ready for review.',
    );
    expect(digest.text).toContain('INV-20 is ready for review');
    expect(digest.text).not.toContain('INV-21');
    expect(digest.text).not.toContain('INV-23');
    expect(digest.text).toContain(
      `See all notifications: http://orderbridge.test/shops/${w.shopId}/notifications`,
    );
    expect(digest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The colleague switched the digest off; the other shop's owner had nothing.
    expect((await mailsTo(t.app, w.colleague.email)).some((m) => m.subject.includes('unread'))).toBe(false);
    expect((await mailsTo(t.app, w.stranger.email)).some((m) => m.subject.includes('unread'))).toBe(false);
    // The next digest does not repeat them.
    await t.app.services.notificationMails.sendDigest();
    expect((await mailsTo(t.app, w.owner.email)).filter((m) => m.subject.includes('unread'))).toHaveLength(1);
  }, 90_000);
});

describe('unsubscribe', () => {
  it('one click without signing in stops every mail of that user about that company', async () => {
    const w = await world();
    await notify(w.shopId, 'document_failed', 'INV-30.pdf could not be read');
    const mail = await waitForMail(t.app, w.owner.email, (m) => m.subject.startsWith('INV-30'));
    const pageLink = mail.links.find((l) => l.includes('/unsubscribe?token='))!;
    const token = new URL(pageLink).searchParams.get('token')!;

    // Opening the link (or a mail scanner fetching it) changes nothing.
    const seen = await t.app.inject({ method: 'GET', url: `/api/notifications/unsubscribe?token=${token}` });
    expect(seen.json().data).toMatchObject({ email: w.owner.email, unsubscribed: false });
    expect(seen.json().data.companyName).toMatch(/^Corner Shop/);

    // The mail program's own button: RFC 8058 one-click POST to the List-Unsubscribe address.
    const oneClick = mail.headers['list-unsubscribe']!.slice(1, -1);
    const res = await t.app.inject({
      method: 'POST',
      url: pathOf(oneClick),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, data: { unsubscribed: true } });
    expect((await call(w.owner, 'GET', w.prefs)).json().data).toMatchObject({
      immediate: [],
      dailyDigest: false,
    });
    // The colleague still gets mail.
    expect((await call(w.colleague, 'GET', w.prefs)).json().data.dailyDigest).toBe(true);

    await notify(w.shopId, 'document_failed', 'INV-31.pdf could not be read');
    await waitForMail(t.app, w.colleague.email, (m) => m.subject.startsWith('INV-31'));
    await t.app.services.notificationMails.sendDigest();
    expect((await mailsTo(t.app, w.owner.email)).some((m) => m.subject.startsWith('INV-31'))).toBe(false);
    // The notification itself is still there in the app.
    expect((await call(w.owner, 'GET', `/api/shops/${w.shopId}/notifications`)).json().data.total).toBe(2);

    // The page's button: JSON body.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/unsubscribe',
      payload: { token },
    });
    expect(again.statusCode).toBe(200);
  }, 90_000);

  it('refuses a link that was altered or is incomplete', async () => {
    const w = await world();
    const token = t.app.services.emailPreferences.token(w.owner.userId, w.shopId);
    const [payload, signature] = token.split('.');
    // Someone else's company in the same signature: refused.
    const forged = `${Buffer.from(JSON.stringify({ u: w.owner.userId, c: w.shopId + 1 })).toString('base64url')}.${signature}`;
    // One character of the signature changed (to one it is not already, or the link would be intact).
    const altered = `${payload}.${signature!.startsWith('A') ? 'B' : 'A'}${signature!.slice(1)}`;
    for (const bad of [forged, altered, 'nonsense']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${bad}` });
      expect(res.statusCode).toBe(400);
      expect(res.json(), bad).toMatchObject({
        success: false,
        message: expect.stringMatching(/^This unsubscribe link is not valid\./),
      });
    }
    const none = await t.app.inject({ method: 'POST', url: '/api/notifications/unsubscribe', payload: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ token: ['The unsubscribe link is incomplete'] });
    expect((await call(w.owner, 'GET', w.prefs)).json().data.dailyDigest).toBe(true);
  }, 60_000);
});

describe('scheduled jobs', () => {
  it('registers the mail, digest, pruning and agent-watch schedules, and pruning keeps only the last day', async () => {
    const schedules = (await t.app.db.execute(
      sql`select name, cron from pgboss.schedule order by name`,
    )) as unknown as { rows: { name: string; cron: string }[] } | { name: string; cron: string }[];
    const rows = Array.isArray(schedules) ? schedules : schedules.rows;
    expect(rows).toEqual([
      { name: 'mail-notifications', cron: '* * * * *' },
      { name: 'notification-digest', cron: '0 7 * * *' },
      { name: 'prune-live-events', cron: '17 * * * *' },
      { name: 'watch-agents', cron: '*/5 * * * *' },
    ]);

    const [old] = await t.app.db
      .insert(liveEvents)
      .values({
        companyId: null,
        userId: 'x',
        type: 'test',
        data: {},
        createdAt: new Date(Date.now() - 25 * 3600_000),
      })
      .returning();
    const [fresh] = await t.app.db
      .insert(liveEvents)
      .values({
        companyId: null,
        userId: 'x',
        type: 'test',
        data: {},
        createdAt: new Date(Date.now() - 23 * 3600_000),
      })
      .returning();
    await t.app.jobs.send('prune-live-events', {});
    const end = Date.now() + 60_000;
    let ids: number[] = [];
    while (Date.now() < end) {
      ids = (await t.app.db.select({ id: liveEvents.id }).from(liveEvents)).map((r) => r.id);
      if (!ids.includes(old!.id)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(ids).not.toContain(old!.id);
    expect(ids).toContain(fresh!.id);
  }, 90_000);
});
