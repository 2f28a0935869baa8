import { escapeHtml } from './html-escape.ts';

/** Where the message body goes in the wrapper (not a double-curly variable: SPEC §5 refuses those). */
export const EMAIL_BODY_PLACEHOLDER = '[emailBody]';
export const EMAIL_POWERED_BY_PLACEHOLDER = '[poweredBy]';
export const DEFAULT_POWERED_BY = 'Pavilion';

/** SPEC §3.9 default HTML email wrapper: a body placeholder and a powered-by footer. */
export const DEFAULT_EMAIL_WRAPPER_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title></title>
</head>
<body style="margin:0;padding:0;background:#f4f5f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f7">
  <tr><td align="center" style="padding:24px 12px">
    <table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:6px">
      <tr><td style="padding:32px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2533">${EMAIL_BODY_PLACEHOLDER}</td></tr>
    </table>
    <p style="font-family:Arial,Helvetica,sans-serif;font-size:12px;color:#8a8f98;margin:16px 0 0">Powered by ${EMAIL_POWERED_BY_PLACEHOLDER}</p>
  </td></tr>
</table>
</body>
</html>`;

/**
 * Puts an already-sanitised HTML body into the wrapper. The powered-by name is text and is escaped. Replacement is
 * done with functions so that `$&`-style sequences in the body are not interpreted.
 */
export function wrapEmailHtml(
  bodyHtml: string,
  options: { poweredBy?: string; wrapper?: string } = {},
): string {
  const wrapper = options.wrapper ?? DEFAULT_EMAIL_WRAPPER_HTML;
  return wrapper
    .replace(EMAIL_POWERED_BY_PLACEHOLDER, () => escapeHtml(options.poweredBy ?? DEFAULT_POWERED_BY))
    .replace(EMAIL_BODY_PLACEHOLDER, () => bodyHtml);
}
