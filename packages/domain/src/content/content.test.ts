import { describe, it, expect } from 'vitest';
import { DEFAULT_SHARE_OPTIONS, SHARE_PLATFORMS, ZShareOption } from './share-options.ts';
import { CERTIFICATE_PLACEHOLDERS, DEFAULT_CERTIFICATE_TEMPLATE, renderCertificate } from './certificate.ts';
import { DEFAULT_EMAIL_WRAPPER_HTML, EMAIL_BODY_PLACEHOLDER, wrapEmailHtml } from './email-wrapper.ts';
import { richTextProblem } from '../validation/rich-text.ts';
import { ZChatMessage, ZVideoTokenRequest } from '../chat/chat.schemas.ts';

describe('share options (SPEC §3.7)', () => {
  it('has the four platforms, valid defaults and positions', () => {
    expect(SHARE_PLATFORMS).toEqual(['whatsApp', 'linkedIn', 'googleCalender', 'outlookCalender']);
    expect(DEFAULT_SHARE_OPTIONS.map((o) => ZShareOption.parse(o).platform)).toEqual([...SHARE_PLATFORMS]);
    expect(DEFAULT_SHARE_OPTIONS.map((o) => o.position)).toEqual([1, 2, 3, 4]);
  });
});

describe('certificate (SPEC §3.8)', () => {
  it('fills every placeholder, escaping values', () => {
    expect(CERTIFICATE_PLACEHOLDERS).toEqual(['firstName', 'lastName', 'title', 'conductedBy']);
    const html = renderCertificate(DEFAULT_CERTIFICATE_TEMPLATE, { firstName: 'Ann', lastName: '<b>Lee</b>', title: 'Expo 2025', conductedBy: 'Pavilion & Co' });
    expect(html).toContain('Ann &lt;b&gt;Lee&lt;/b&gt;');
    expect(html).toContain('Expo 2025');
    expect(html).toContain('Pavilion &amp; Co');
    expect(html).not.toMatch(/\[(firstName|lastName|title|conductedBy)\]/);
  });
  it('passes the rich-text rules itself', () => {
    expect(richTextProblem(DEFAULT_CERTIFICATE_TEMPLATE)).toBeNull();
  });
});

describe('email wrapper (SPEC §3.9)', () => {
  it('has a body placeholder and a powered-by footer', () => {
    expect(DEFAULT_EMAIL_WRAPPER_HTML).toContain(EMAIL_BODY_PLACEHOLDER);
    const html = wrapEmailHtml('<p>Hi $& there</p>', { poweredBy: 'A<B' });
    expect(html).toContain('<p>Hi $& there</p>');
    expect(html).toContain('Powered by A&lt;B');
    expect(html).not.toContain(EMAIL_BODY_PLACEHOLDER);
    expect(wrapEmailHtml('x')).toContain('Powered by Pavilion');
    expect(richTextProblem(DEFAULT_EMAIL_WRAPPER_HTML)).toBeNull();
  });
});

describe('chat schemas (SPEC §3.9, §7)', () => {
  it('parses a chat message and a video token request with tet 3600 by default', () => {
    expect(ZChatMessage.parse({ roomId: 'r', content: 'hi', from: { eventUserId: 'u' }, member: ['u', 'v'] })).toMatchObject({ isReply: false, replyToMessage: null });
    expect(ZVideoTokenRequest.parse({ cn: 'room', uId: 7, rtcr: 'publisher' }).tet).toBe(3600);
    expect(ZVideoTokenRequest.safeParse({ cn: 'room', uId: 7, rtcr: 'publisher', extra: 1 }).success).toBe(false);
  });
});
