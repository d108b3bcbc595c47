import type { TMail } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Where a notification mail's reader turns its mail off (settings, or one-click unsubscribe). */
type TMailFooter = {
  why: string;
  settingsUrl: string;
  /** The web page that asks for the one click. */
  unsubscribeUrl: string;
  /** The API address a mail program POSTs to (RFC 8058 one-click). */
  oneClickUrl: string;
};

/** One message in HTML and plain text with a single call to action (and, for notification mail, a footer). */
function message(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
  footer?: TMailFooter,
): TMail {
  const footerText = footer
    ? `\n\n${footer.why}\nEmail settings: ${footer.settingsUrl}\nUnsubscribe: ${footer.unsubscribeUrl}`
    : '';
  const text = `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n\n— OrderBridge${footerText}`;
  const footerHtml = footer
    ? `<p style="font-size:12px;color:#475569;border-top:1px solid #e2e8f0;padding-top:12px">${escapeHtml(footer.why)}
<a href="${escapeHtml(footer.settingsUrl)}" style="color:#4338ca">Email settings</a> ·
<a href="${escapeHtml(footer.unsubscribeUrl)}" style="color:#4338ca">Unsubscribe</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p style="font-size:14px;line-height:1.5">${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#475569">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
${footerHtml}
</body></html>`;
  return {
    to,
    subject,
    text,
    html,
    // RFC 8058: mail programs offer their own "Unsubscribe" button, which POSTs to this address.
    ...(footer && {
      headers: {
        'List-Unsubscribe': `<${footer.oneClickUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    }),
  };
}

export const confirmEmailMail = (to: string, firstName: string, url: string) =>
  message(
    to,
    'Confirm your email address',
    [
      `Hello ${firstName},`,
      'Welcome to OrderBridge. Please confirm your email address to finish signing up.',
    ],
    { label: 'Confirm email address', url },
  );

export const alreadyRegisteredMail = (to: string, url: string) =>
  message(
    to,
    'You already have an OrderBridge account',
    [
      'Someone tried to register a new OrderBridge account with this email address, which already has one.',
      'If it was you, sign in instead — or reset your password if you have forgotten it.',
    ],
    { label: 'Reset password', url },
  );

export const resetPasswordMail = (to: string, url: string) =>
  message(
    to,
    'Reset your password',
    [
      'We received a request to reset the password of your OrderBridge account.',
      'The link works once and expires in one hour. If you did not ask for it, you can ignore this email.',
    ],
    { label: 'Choose a new password', url },
  );

export const invitationMail = (to: string, companyName: string, inviter: string, url: string) =>
  message(
    to,
    `You are invited to join ${companyName} on OrderBridge`,
    [
      `${inviter} invited you to join ${companyName} on OrderBridge.`,
      'Create an account or sign in to accept.',
    ],
    { label: 'Accept invitation', url },
  );

/** A shop added this address as its supplier: claim the supplier company, or just sign in if already in. */
export const supplierAddedMail = (
  to: string,
  shopName: string,
  supplierName: string,
  url: string,
  claimed: boolean,
) =>
  message(
    to,
    `${shopName} added you as a supplier on OrderBridge`,
    claimed
      ? [
          `${shopName} added ${supplierName} as a supplier on OrderBridge.`,
          `Sign in to see ${shopName} in your client list and the orders it sends you.`,
        ]
      : [
          `${shopName} added you as a supplier on OrderBridge, under the name ${supplierName}.`,
          'OrderBridge is where shops and suppliers exchange orders, invoices, disputes and credits.',
          `Create an account with this email address (or sign in) to manage ${supplierName} and see the orders ${shopName} sends you.`,
        ],
    claimed ? { label: 'Sign in', url } : { label: 'Claim your supplier account', url },
  );

export type TMailedNotification = { title: string; body: string; url: string };

/** One notification, mailed as soon as it happened (a kind the person chose to get at once). */
export const notificationMail = (
  to: string,
  companyName: string,
  n: TMailedNotification,
  footer: Omit<TMailFooter, 'why'>,
) =>
  message(
    to,
    n.title,
    [n.body],
    { label: 'Open in OrderBridge', url: n.url },
    {
      ...footer,
      why: `You get this email at once because of your notification settings for ${companyName}.`,
    },
  );

/** The day's unread notifications of one company that were not mailed at once. */
export const digestMail = (
  to: string,
  companyName: string,
  items: TMailedNotification[],
  more: number,
  listUrl: string,
  footer: Omit<TMailFooter, 'why'>,
) =>
  message(
    to,
    `${companyName}: ${items.length + more} unread notification${items.length + more === 1 ? '' : 's'}`,
    [...items.map((n) => `${n.title} — ${n.body} (${n.url})`), ...(more ? [`And ${more} more.`] : [])],
    { label: 'See all notifications', url: listUrl },
    { ...footer, why: `This is your daily summary for ${companyName}.` },
  );
