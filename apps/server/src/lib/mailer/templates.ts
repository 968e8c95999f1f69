import type { MailMessage } from './mailer';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Layout {
  /** Hidden preview line most mail clients show after the subject. */
  preheader: string;
  heading: string;
  /** Paragraphs of plain text; escaped here. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** A code shown large (OTPs). */
  code?: string;
  /** Small print under the content. */
  note: string;
}

const BRAND = '#1f4fd1';

function renderHtml(layout: Layout): string {
  const paragraphs = layout.paragraphs
    .map(
      (p) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#303848">${escapeHtml(p)}</p>`,
    )
    .join('');
  const code = layout.code
    ? `<p style="margin:8px 0 24px;text-align:center"><span style="display:inline-block;padding:12px 24px;border-radius:8px;background:#eef2ff;font:700 30px/1.2 'SFMono-Regular',Consolas,monospace;letter-spacing:8px;color:#101828">${escapeHtml(layout.code)}</span></p>`
    : '';
  const action = layout.action
    ? `<p style="margin:8px 0 24px;text-align:center"><a href="${escapeHtml(layout.action.url)}" style="display:inline-block;padding:12px 28px;border-radius:8px;background:${BRAND};color:#ffffff;font-size:15px;font-weight:600;text-decoration:none">${escapeHtml(layout.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#667085">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(layout.action.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(layout.action.url)}</a></p>`
    : '';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(layout.heading)}</title></head>
<body style="margin:0;padding:0;background:#f2f4f7;font-family:-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden;opacity:0">${escapeHtml(layout.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f2f4f7;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden;box-shadow:0 1px 3px rgba(16,24,40,0.1)">
<tr><td style="background:${BRAND};padding:20px 32px;color:#ffffff;font-size:20px;font-weight:700;letter-spacing:0.5px">Bhasha</td></tr>
<tr><td style="padding:32px">
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:#101828">${escapeHtml(layout.heading)}</h1>
${paragraphs}${code}${action}
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #eaecf0;font-size:12px;line-height:1.5;color:#98a2b3">${escapeHtml(layout.note)}</p>
</td></tr>
</table>
<p style="margin:16px 0 0;font-size:12px;color:#98a2b3">Bhasha: website and mobile localisation</p>
</td></tr>
</table>
</body>
</html>`;
}

function renderText(layout: Layout): string {
  const lines = [layout.heading, '', ...layout.paragraphs.flatMap((p) => [p, ''])];
  if (layout.code) lines.push(layout.code, '');
  if (layout.action) lines.push(`${layout.action.label}: ${layout.action.url}`, '');
  lines.push('--', layout.note, '', 'Bhasha: website and mobile localisation');
  return lines.join('\n');
}

function compose(to: string, subject: string, layout: Layout): MailMessage {
  return { to, subject, html: renderHtml(layout), text: renderText(layout) };
}

const IGNORE_NOTE =
  'If you did not ask for this, you can ignore this email; nothing changes on your account.';

/** The link that verifies a new account's e-mail id (spec §2 /verification/{uuid}). */
export function emailVerificationMail(input: {
  to: string;
  name: string;
  link: string;
  validHours: number;
}): MailMessage {
  return compose(input.to, 'Verify your email id for Bhasha', {
    preheader: 'Confirm your email id to start using Bhasha.',
    heading: 'Verify your email id',
    paragraphs: [
      `Hello ${input.name},`,
      'Thank you for signing up for Bhasha. Please confirm that this email id belongs to you.',
      `The link is valid for ${input.validHours} hours and can be used once.`,
    ],
    action: { label: 'Verify email id', url: input.link },
    note: IGNORE_NOTE,
  });
}

/** The link to choose a new password (spec §2 /new-password/{token}). */
export function passwordResetMail(input: {
  to: string;
  name: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  return compose(input.to, 'Reset your Bhasha password', {
    preheader: 'Choose a new password for your Bhasha account.',
    heading: 'Reset your password',
    paragraphs: [
      `Hello ${input.name},`,
      'We received a request to reset the password of your Bhasha account. Choose a new password with the button below.',
      `The link is valid for ${input.validMinutes} minutes and can be used once. Signing in with the new password also unlocks a locked account.`,
    ],
    action: { label: 'Choose a new password', url: input.link },
    note: `${IGNORE_NOTE} Your current password keeps working.`,
  });
}

/** The e-mail OTP of the free-trial registration (spec §4). */
export function emailOtpMail(input: { to: string; code: string; validMinutes: number }): MailMessage {
  return compose(input.to, `${input.code} is your Bhasha verification code`, {
    preheader: `Your verification code is ${input.code}.`,
    heading: 'Your verification code',
    paragraphs: [
      'Enter this code on the registration page to verify your email id.',
      `It is valid for ${input.validMinutes} minutes. Never share it with anyone: Bhasha will never ask you for it.`,
    ],
    code: input.code,
    note: 'If you did not try to register with Bhasha, you can ignore this email.',
  });
}

/** A super admin created an organisation; its admin chooses a password through the link. */
export function organisationInviteMail(input: {
  to: string;
  name: string;
  organisation: string;
  link: string;
  validDays: number;
}): MailMessage {
  return compose(input.to, `Your Bhasha account for ${input.organisation}`, {
    preheader: `An account has been created for you at ${input.organisation}.`,
    heading: `Welcome to Bhasha, ${input.name}`,
    paragraphs: [
      `An administrator account has been created for you for the organisation ${input.organisation}.`,
      `Choose your password with the button below. The link is valid for ${input.validDays} days and can be used once.`,
    ],
    action: { label: 'Choose your password', url: input.link },
    note: 'If you did not expect this email, please contact your Bhasha administrator.',
  });
}

/** A super admin created an organisation with a password; its admin signs in. */
export function organisationWelcomeMail(input: {
  to: string;
  name: string;
  organisation: string;
  link: string;
}): MailMessage {
  return compose(input.to, `Your Bhasha account for ${input.organisation}`, {
    preheader: `An account has been created for you at ${input.organisation}.`,
    heading: `Welcome to Bhasha, ${input.name}`,
    paragraphs: [
      `An administrator account has been created for you for the organisation ${input.organisation}.`,
      'Sign in with this email id and the password your Bhasha administrator gave you. You can change it at any time with "Forgot password".',
    ],
    action: { label: 'Sign in', url: input.link },
    note: 'If you did not expect this email, please contact your Bhasha administrator.',
  });
}
