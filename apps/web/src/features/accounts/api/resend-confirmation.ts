import { request } from '../../../lib/api-client';

/** Send the confirmation link again (no query library: the login route uses it). */
export const resendConfirmation = (input: { email: string }) =>
  request<null>('/account/resend-email-confirmation', { method: 'POST', body: input, auth: false });
