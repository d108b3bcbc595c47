import type { TMail } from './mailer.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One message in HTML and plain text with a single call to action. */
function message(
  to: string,
  subject: string,
  lines: string[],
  action: { label: string; url: string },
): TMail {
  const text = `${lines.join('\n\n')}\n\n${action.label}: ${action.url}\n\n— OrderBridge`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${lines.map((l) => `<p style="font-size:14px;line-height:1.5">${escapeHtml(l)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#475569">If the button does not work, open this link: ${escapeHtml(action.url)}</p>
</body></html>`;
  return { to, subject, text, html };
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

/** The supplier answered a dispute (credit, return step, rejection): the shop is told what and where to look. */
export const disputeAnsweredMail = (
  to: string,
  supplierName: string,
  item: string,
  answer: string,
  url: string,
) =>
  message(
    to,
    `${supplierName} answered your dispute`,
    [`${supplierName} answered your dispute about ${item}.`, answer],
    { label: 'Open the dispute', url },
  );
