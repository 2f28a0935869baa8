import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ebadgeRoutes } from '@pavilion/domain/ebadge/ebadge.routes';
import type { TEbadgeView } from '@pavilion/domain/ebadge/ebadge.schemas';
import type { TPublicRegistrationInfo, TPublicTicket } from '@pavilion/domain/registration/registration.schemas';
import { formatCalendarDayLabel, formatCalendarDateRange as formatDateRange } from '@pavilion/domain/common/calendar-date';
import { EVENT_MODE_LABELS, type TEventMode } from '@pavilion/domain/events/events.enums';
import { splitMenu } from '@pavilion/domain/navigation/app-tabs';
import type { TAppMenu, TAppTabData, TPortalEvent } from '@pavilion/domain/portal/portal.schemas';
import type { TSchedule } from '@pavilion/domain/programme/programme.schemas';

/**
 * The first view of a public phone page, written by the server into index.html's #root (docs/PERFORMANCE.md
 * "Lighthouse (mobile)", ARCHITECTURE "Public pages: how they are fast"): the browser paints the page's largest
 * element (the cart's ticket list under the event name, the e-badge's QR, the scanner's pairing instructions) as soon
 * as the HTML and the stylesheet are in, instead of after ~50 scripts have arrived and run. The markup copies what the
 * React page renders first (Mantine's class names and CSS variables, the page's own inline styles), so nothing moves
 * when React replaces it; until then it is inert (nothing in it takes a tap or focus). apps/web/src/main.tsx renders
 * once the route is ready, and that first render is the page.
 * Texts come from the web build (apps/web/src/app/first-paint.ts `view.strings`, from the locale files); every value
 * from data is escaped here.
 */
export type FirstViewKind = 'cart' | 'ebadge-mobile' | 'scanner' | 'app-tab';
/**
 * From the web build's manifest: the template, its texts, the CSS the view needs (inlined in <head>), and markup the
 * build rendered from the app's components (icons; written as it is, never data).
 */
export type FirstView = { kind: FirstViewKind; strings: Record<string, string>; css?: string; markup?: Record<string, string> };

/** The cookie the scanner page keeps while this browser holds a paired device (web app/first-view-scanner.ts). */
export const SCANNER_PAIRED_COOKIE = 'pavilion_scanner_paired';

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** `{{name}}` placeholders of an i18next string, each value escaped. */
function fill(template: string, values: Record<string, string | number>): string {
  return escapeHtml(template).replace(/\{\{(\w+)\}\}/g, (_m, key: string) => escapeHtml(String(values[key] ?? '')));
}

/** A responsive style, as Mantine writes it for `{ base, sm }` props (its `sm` breakpoint is 48em). */
function responsive(className: string, base: string, sm: string): string {
  return `.${className}{${base}}@media(min-width: 48em){.${className}{${sm}}}`;
}

const groupStyle = (gap: string, align: string, justify: string, wrap: string, extra = '') =>
  `--group-gap: ${gap}; --group-align: ${align}; --group-justify: ${justify}; --group-wrap: ${wrap};${extra}`;
const stackStyle = (gap: string, align = 'stretch', extra = '') => `--stack-gap: ${gap}; --stack-align: ${align}; --stack-justify: flex-start;${extra}`;
const TEXT = 'mantine-focus-auto m_b6d8b162 mantine-Text-root';
const textSize = (size: string) => `--text-fz: var(--mantine-font-size-${size}); --text-lh: var(--mantine-line-height-${size});`;
const titleVars = (order: 1 | 2) => `--title-fw: var(--mantine-h${order}-font-weight); --title-lh: var(--mantine-h${order}-line-height); --title-fz: var(--mantine-h${order}-font-size);`;

const icon = (name: string, size: number, paths: string[], style = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="tabler-icon tabler-icon-${name}" aria-hidden="true"${style ? ` style="${style}"` : ''}>${paths.map((d) => `<path d="${d}"></path>`).join('')}</svg>`;
const ICONS = {
  calendar: (s: number) => icon('calendar-event', s, ['M4 7a2 2 0 0 1 2 -2h12a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2l0 -12', 'M16 3l0 4', 'M8 3l0 4', 'M4 11l16 0', 'M8 15h2v2h-2l0 -2']),
  mapPin: (s: number) => icon('map-pin', s, ['M9 11a3 3 0 1 0 6 0a3 3 0 0 0 -6 0', 'M17.657 16.657l-4.243 4.243a2 2 0 0 1 -2.827 0l-4.244 -4.243a8 8 0 1 1 11.314 0']),
  minus: (s: number) => icon('minus', s, ['M5 12l14 0']),
  plus: (s: number) => icon('plus', s, ['M12 5l0 14', 'M5 12l14 0']),
  scan: (s: number) => icon('scan', s, ['M5 12h14', 'M3 7v-2a2 2 0 0 1 2 -2h2', 'M3 17v2a2 2 0 0 0 2 2h2', 'M17 3h2a2 2 0 0 1 2 2v2', 'M17 21h2a2 2 0 0 0 2 -2v-2']),
  sun: (s: number, style: string) =>
    icon('sun', s, ['M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0', 'M3 12h1m8 -9v1m8 8h1m-9 8v1m-6.4 -15.4l.7 .7m12.1 -.7l-.7 .7m0 11.4l.7 .7m-12.1 -.7l-.7 .7'], style),
};
/** ui/brand-logo.tsx BrandMark. */
const BRAND_MARK =
  '<svg width="32" height="32" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><rect width="64" height="64" rx="14" fill="#3b3fb8"></rect><path d="M32 10 8 26h48L32 10Z" fill="#fff"></path><rect x="14" y="30" width="6" height="18" rx="1.5" fill="#fff"></rect><rect x="29" y="30" width="6" height="18" rx="1.5" fill="#fff"></rect><rect x="44" y="30" width="6" height="18" rx="1.5" fill="#fff"></rect><rect x="8" y="50" width="48" height="5" rx="2" fill="#fff"></rect></svg>';

/** modules/registration/lib/money.ts formatMoney: minor units in the currency's digits, en-GB. */
function formatMoney(amountMinor: number, currency: string): string {
  try {
    const f = new Intl.NumberFormat('en-GB', { style: 'currency', currency });
    return f.format(amountMinor / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2));
  } catch {
    return `${(amountMinor / 100).toFixed(2)} ${currency}`;
  }
}

const skipLink = (s: Record<string, string>) => `<a class="skip-link" href="#main-content">${escapeHtml(s.skip ?? '')}</a>`;

/** A ticket row with nothing but its name, price, description and steppers (no status badge, no minimum). */
function isPlainTicket(t: TPublicTicket): boolean {
  return t.isOnSale && !t.isSoldOut && (t.available === null || t.available > 10) && t.minPerOrder <= 1 && t.maxPerOrder > 0;
}

/** A ticket row of the cart's first step (registration/components/public/ticket-picker.tsx), nothing chosen yet. */
function ticketRow(ticket: TPublicTicket, s: Record<string, string>): string {
  const id = escapeHtml(ticket.id);
  const name = escapeHtml(ticket.name);
  const price =
    ticket.isFree || ticket.price === 0
      ? `<p class="${TEXT}" style="font-weight: 700;">${escapeHtml(s.free ?? '')}</p>`
      : `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.375rem * var(--mantine-scale))', 'baseline', 'flex-start', 'nowrap')}"><p class="${TEXT}" style="font-weight: 700;">${escapeHtml(formatMoney(ticket.price, ticket.currency))}</p>${
          ticket.taxRateBp > 0 ? `<p class="${TEXT}" data-size="xs" style="${textSize('xs')} color: var(--mantine-color-dimmed);">${fill(s.plusTax ?? '', { rate: ticket.taxRateBp / 100 })}</p>` : ''
        }</div>`;
  const description = ticket.description
    ? `<p class="${TEXT}" data-size="sm" data-line-clamp="true" style="${textSize('sm')} --text-line-clamp: 3; color: var(--mantine-color-dimmed);">${escapeHtml(ticket.description)}</p>`
    : '';
  const ai = (vars: string) => `--ai-size: calc(2.5rem * var(--mantine-scale)); --ai-radius: var(--mantine-radius-xl); ${vars}`;
  const steppers =
    ticket.maxPerOrder > 0
      ? `<div class="m_4081bf90 mantine-Group-root" role="group" aria-label="${fill(s.quantityOf ?? '', { name: ticket.name })}" style="${groupStyle('calc(0.25rem * var(--mantine-scale))', 'center', 'flex-start', 'nowrap')}">` +
        `<button class="mantine-focus-auto m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root" data-variant="default" data-disabled="true" type="button" aria-label="${fill(s.decrease ?? '', { name: ticket.name })}" disabled style="${ai('--ai-bg: var(--mantine-color-default); --ai-hover: var(--mantine-color-default-hover); --ai-color: var(--mantine-color-default-color); --ai-bd: calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border);')}"><span class="m_8d3afb97 mantine-ActionIcon-icon">${ICONS.minus(18)}</span></button>` +
        `<output class="${TEXT}" aria-live="polite" style="font-variant-numeric: tabular-nums; font-weight: 700; text-align: center; width: calc(2rem * var(--mantine-scale));">0</output>` +
        `<button class="mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root" data-variant="light" type="button" aria-label="${fill(s.increase ?? '', { name: ticket.name })}" style="${ai('--ai-bg: var(--mantine-color-brand-light); --ai-hover: var(--mantine-color-brand-light-hover); --ai-color: var(--mantine-color-brand-light-color); --ai-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;')}"><span class="m_8d3afb97 mantine-ActionIcon-icon">${ICONS.plus(18)}</span></button></div>`
      : '';
  return (
    `<li class="reg-ticket-row" data-selected="false" aria-labelledby="fv-ticket-${id}-name"><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'center', 'space-between', 'nowrap')}">` +
    `<div class="m_6d731127 mantine-Stack-root" style="${stackStyle('calc(0.25rem * var(--mantine-scale))', 'stretch', ' min-width: 0px; flex: 1 1 0%;')}"><p class="${TEXT}" id="fv-ticket-${id}-name" style="overflow-wrap: anywhere; font-weight: 600;">${name}</p>${price}${description}<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.375rem * var(--mantine-scale))', 'center', 'flex-start', 'wrap')}"></div></div>` +
    `${steppers}</div></li>`
  );
}

/** `cart-registration/{eventId}`: registration/components/public/public-registration-layout.tsx and the tickets step. */
function cartView(info: TPublicRegistrationInfo, s: Record<string, string>): string {
  const css =
    responsive('fv-header', 'padding-block:var(--mantine-spacing-sm);', 'padding-block:var(--mantine-spacing-lg);') +
    responsive('fv-header-in', 'padding-inline:var(--mantine-spacing-md);', 'padding-inline:var(--mantine-spacing-lg);') +
    responsive('fv-event', 'font-size:calc(1.125rem * var(--mantine-scale));', 'font-size:calc(1.375rem * var(--mantine-scale));') +
    responsive('fv-body', 'padding-inline:var(--mantine-spacing-sm);padding-block:var(--mantine-spacing-md);', 'padding-inline:var(--mantine-spacing-lg);padding-block:var(--mantine-spacing-xl);') +
    responsive('fv-step-title', 'font-size:calc(1.25rem * var(--mantine-scale));', 'font-size:calc(1.5rem * var(--mantine-scale));');
  const container = 'style="--container-size: calc(67.5rem * var(--mantine-scale));"';
  const dates =
    info.startDate && info.endDate
      ? `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.25rem * var(--mantine-scale))', 'center', 'flex-start', 'nowrap')}">${ICONS.calendar(16)}<p class="${TEXT}" data-size="sm" style="${textSize('sm')}">${escapeHtml(formatDateRange(info.startDate, info.endDate))}</p></div>`
      : '';
  const venue = info.venue
    ? `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.25rem * var(--mantine-scale))', 'center', 'flex-start', 'nowrap', ' min-width: 0px;')}">${ICONS.mapPin(16)}<p class="${TEXT}" data-size="sm" data-truncate="end" style="${textSize('sm')}">${escapeHtml(info.venue)}</p></div>`
    : '';
  const steps = ['stepTickets', 'stepDetails', 'stepReview']
    .map(
      (key, i) =>
        `<button class="mantine-focus-auto m_f56b1e2c m_cbb57068 mantine-Stepper-step m_87cf2631 mantine-UnstyledButton-root" data-icon-position="left" type="button"${i === 0 ? ' data-progress="true" aria-current="step"' : ''} tabindex="-1"><span class="m_818e70b mantine-Stepper-stepWrapper"><span class="m_1959ad01 mantine-Stepper-stepIcon"${i === 0 ? ' data-progress="true"' : ''}><span>${i + 1}</span></span></span><span class="m_1956aa2a mantine-Stepper-stepBody" data-orientation="horizontal" data-icon-position="left"><span class="m_12051f6c mantine-Stepper-stepLabel" style="font-size: var(--mantine-font-size-sm); white-space: nowrap;">${escapeHtml(s[key] ?? '')}</span></span></button>`,
    )
    .join('<div class="m_2a371ac9 mantine-Stepper-separator" data-orientation="horizontal" style="margin-inline: 6px; min-width: 8px;"></div>');
  // The ticket list is written when every row is a plain one (on sale, no status badge or minimum note): React's
  // rows for the others carry more, so they are left to it, as is the empty state.
  const tickets = info.tickets.length && info.tickets.every(isPlainTicket)
    ? `<p class="${TEXT}" data-size="sm" style="${textSize('sm')} color: var(--mantine-color-dimmed);">${escapeHtml(s.ticketsHint ?? '')}</p><ul class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-sm)', 'stretch', ' list-style: none; padding: 0px; margin: 0px;')}">${info.tickets.map((t) => ticketRow(t, s)).join('')}</ul>`
    : '';
  return (
    `<style>${css}</style>${skipLink(s)}<div style="background: linear-gradient(180deg, var(--mantine-color-brand-0) 0, var(--mantine-color-gray-0) 320px); min-height: 100vh;">` +
    `<header class="fv-header" style="border-bottom: 1px solid var(--mantine-color-gray-2); background: rgba(255, 255, 255, 0.85);"><div class="m_7485cace mantine-Container-root fv-header-in" data-strategy="block" ${container}>` +
    `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'center', 'space-between', 'nowrap')}"><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'center', 'flex-start', 'nowrap', ' min-width: 0px;')}">${BRAND_MARK}` +
    `<div class="m_6d731127 mantine-Stack-root" style="${stackStyle('0rem', 'stretch', ' min-width: 0px;')}"><p class="${TEXT}" data-size="xs" style="${textSize('xs')} letter-spacing: 0.05em; color: var(--mantine-color-brand-7); font-weight: 700; text-transform: uppercase;">${escapeHtml(s.kicker ?? '')}</p>` +
    `<h1 class="m_8a5d1357 mantine-Title-root fv-event" data-order="1" style="${titleVars(1)} overflow-wrap: anywhere; line-height: 1.25;">${escapeHtml(info.eventName)}</h1></div></div></div>` +
    (dates || venue ? `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-md)', 'center', 'flex-start', 'wrap', ' margin-top: calc(0.375rem * var(--mantine-scale)); padding-left: calc(2.75rem * var(--mantine-scale)); color: var(--mantine-color-gray-7);')}">${dates}${venue}</div>` : '') +
    `</div></header>` +
    `<div class="m_7485cace mantine-Container-root fv-body" data-strategy="block" style="--container-size: calc(67.5rem * var(--mantine-scale)); padding-bottom: calc(7.5rem * var(--mantine-scale));"><div class="reg-columns" style="display: grid; gap: var(--mantine-spacing-lg); grid-template-columns: minmax(0px, 1fr);">` +
    `<main id="main-content" tabindex="-1" style="outline: none; min-width: 0px;"><div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-md)')}">` +
    `<nav aria-label="${escapeHtml(s.stepsLabel ?? '')}"><div class="m_cbb4ea7e mantine-Stepper-root" data-size="sm" style="--stepper-icon-size: calc(1.875rem * var(--mantine-scale)); --stepper-fz: var(--mantine-font-size-sm); --stepper-spacing: var(--mantine-spacing-sm);"><div class="m_aaf89d0b mantine-Stepper-steps" data-orientation="horizontal" data-icon-position="left" data-wrap="true" style="flex-wrap: nowrap;">${steps}</div></div></nav>` +
    `<div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-md)')}"><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-xs)', 'center', 'space-between', 'wrap')}"><h2 class="m_8a5d1357 mantine-Title-root fv-step-title" data-order="2" style="${titleVars(2)}">${escapeHtml(s.ticketsTitle ?? '')}</h2></div>${tickets}</div>` +
    `</div></main></div></div></div>`
  );
}

/** `eb/m/{eventUserId}`: ebadge/pages/ebadge-mobile-page.tsx down to the brightness hint (the actions follow with React). */
function ebadgeMobileView(b: TEbadgeView, qrDataUrl: string, s: Record<string, string>): string {
  const name = `${b.attendee.firstName} ${b.attendee.lastName}`.trim();
  const qrKey = `${b.eventUserId}:${b.credential!.version}`;
  return (
    `${skipLink(s)}<main style="padding-inline: var(--mantine-spacing-sm); padding-block: var(--mantine-spacing-md); background: rgb(11, 13, 18); min-height: 100vh;"><div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-md)', 'stretch', ' margin-inline: auto; max-width: calc(30rem * var(--mantine-scale));')}">` +
    `<p class="${TEXT}" data-size="sm" style="${textSize('sm')} overflow-wrap: anywhere; color: var(--mantine-color-gray-3); font-weight: 700; text-align: center;">${escapeHtml(b.event.name)} · ${escapeHtml(formatDateRange(b.event.startDate, b.event.endDate))}</p>` +
    `<div style="border-radius: 20px; padding: var(--mantine-spacing-md); background: var(--mantine-color-white);"><div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-xs)', 'center')}">` +
    `<img alt="${fill(s.qrAlt ?? '', { name })}" data-first-view-qr="${escapeHtml(qrKey)}" src="${escapeHtml(qrDataUrl)}" style="width: min(86vw, 400px); height: auto; aspect-ratio: 1 / 1; display: block; max-width: 100%; image-rendering: pixelated;">` +
    `<h1 class="m_8a5d1357 mantine-Title-root" data-order="1" style="${titleVars(1)} overflow-wrap: anywhere; color: var(--mantine-color-black); font-size: calc(1.875rem * var(--mantine-scale)); text-align: center; line-height: 1.15;">${escapeHtml(name)}</h1>` +
    (b.categoryName
      ? `<div class="m_347db0ec mantine-Badge-root" data-variant="filled" data-size="xl" style="--badge-height: var(--badge-height-xl); --badge-padding-x: var(--badge-padding-x-xl); --badge-fz: var(--badge-fz-xl); --badge-radius: var(--mantine-radius-sm); --badge-bg: var(--mantine-color-dark-filled); --badge-color: var(--mantine-color-white); --badge-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;"><span class="m_5add502a mantine-Badge-label">${escapeHtml(b.categoryName)}</span></div>`
      : '') +
    `<p class="${TEXT}" style="color: var(--mantine-color-gray-8); font-size: var(--mantine-font-size-lg); font-weight: 700;">${escapeHtml(s.registrationNo ?? '')} ${escapeHtml(b.registrationNo)}</p>` +
    `<p class="${TEXT}" style="color: var(--mantine-color-gray-8);">${escapeHtml(b.ticketName)}</p></div></div>` +
    `<div class="m_6d731127 mantine-Stack-root" role="note" style="${stackStyle('calc(0.25rem * var(--mantine-scale))', 'center')}"><p class="${TEXT}" style="color: var(--mantine-color-yellow-3); font-weight: 700; text-align: center;">${ICONS.sun(18, 'vertical-align: text-bottom; margin-right: 6px;')}${escapeHtml(s.brightnessHint ?? '')}</p></div>` +
    `</div></main>`
  );
}

/**
 * `scanner`: checkin/pages/scanner-page.tsx's frame and, for a browser without a paired device, its pairing form. A
 * browser that holds one (the page keeps SCANNER_PAIRED_COOKIE while it does; the device itself stays in its storage)
 * gets the frame alone, so a gate never flashes the set-up form.
 */
function scannerView(isPaired: boolean, s: Record<string, string>): string {
  const pairing =
    `<div class="m_1b7284a3 mantine-Paper-root" data-with-border="true" style="--paper-radius: var(--mantine-radius-md); --paper-shadow: var(--mantine-shadow-xs); padding: var(--mantine-spacing-lg);"><form><div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-md)')}">` +
    `<h1 class="m_8a5d1357 mantine-Title-root" data-order="1" style="${titleVars(1)} font-size: calc(1.5rem * var(--mantine-scale));">${escapeHtml(s.pairTitle ?? '')}</h1>` +
    `<p class="${TEXT}" style="color: var(--mantine-color-dimmed);">${escapeHtml(s.pairBody ?? '')}</p>` +
    `<div class="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-size="lg"><label class="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label" data-size="lg" for="fv-pair-code" style="--input-label-size: var(--mantine-font-size-lg);">${escapeHtml(s.codeLabel ?? '')}</label>` +
    `<p class="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description" data-size="lg" id="fv-pair-code-description" style="--input-description-size: calc(var(--mantine-font-size-lg) - calc(0.125rem * var(--mantine-scale)));">${escapeHtml(s.codeHint ?? '')}</p>` +
    `<div class="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper" data-variant="default" data-size="lg" style="--input-margin-top: calc(var(--mantine-spacing-xs) / 2); --input-height: var(--input-height-lg); --input-fz: var(--mantine-font-size-lg);"><input class="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input" data-variant="default" autocomplete="one-time-code" autocapitalize="characters" spellcheck="false" aria-describedby="fv-pair-code-description" id="fv-pair-code" value="" style="letter-spacing: 3px; font-family: ui-monospace, monospace;"></div></div>` +
    `<button class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-size="lg" type="submit" style="--button-height: var(--button-height-lg); --button-padding-x: var(--button-padding-x-lg); --button-fz: var(--mantine-font-size-lg); --button-radius: var(--mantine-radius-md); --button-color: var(--mantine-color-white);"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${escapeHtml(s.pair ?? '')}</span></span></button>` +
    `</div></form></div>`;
  return (
    `${skipLink(s)}<div style="background: var(--mantine-color-gray-0); min-height: 100vh;"><header style="padding-inline: var(--mantine-spacing-md); padding-block: var(--mantine-spacing-sm); background: var(--mantine-color-brand-9); color: var(--mantine-color-white);">` +
    `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-md)', 'center', 'space-between', 'nowrap', ' margin-inline: auto; max-width: calc(35rem * var(--mantine-scale));')}"><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.5rem * var(--mantine-scale))', 'center', 'flex-start', 'nowrap')}">${ICONS.scan(22)}<p class="${TEXT}" style="font-weight: 700;">${escapeHtml(s.appName ?? '')}</p></div></div></header>` +
    `<main class="m_7485cace mantine-Container-root" data-strategy="block" id="main-content" tabindex="-1" style="--container-size: calc(35rem * var(--mantine-scale)); outline: none; padding-inline: var(--mantine-spacing-md); padding-block: var(--mantine-spacing-md);">${isPaired ? '' : pairing}</main></div>`
  );
}

const APP_MENU_READ = 'GET /api/eventservices/public/events/:eventId/app-menu';
const APP_TAB_READ = 'GET /api/eventservices/public/events/:eventId/app-tabs/:tabName';

/** portal/components/app-tab-content.tsx HomeCard's frame: a bordered section with an icon and its title. */
function homeCard(id: string, iconSvg: string, title: string, body: string): string {
  return (
    `<section class="m_1b7284a3 mantine-Paper-root" data-with-border="true" aria-labelledby="${id}" style="--paper-radius: var(--mantine-radius-md); padding: var(--mantine-spacing-md);"><div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-sm)')}">` +
    `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'center', 'flex-start', 'nowrap')}"><div class="m_7341320d mantine-ThemeIcon-root" data-variant="light" data-size="lg" radius="md" aria-hidden="true" style="--ti-size: var(--ti-size-lg); --ti-radius: var(--mantine-radius-md); --ti-bg: var(--mantine-color-brand-light); --ti-color: var(--mantine-color-brand-light-color); --ti-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;">${iconSvg}</div>` +
    `<h2 class="m_8a5d1357 mantine-Title-root" data-order="2" id="${id}" style="${titleVars(2)} font-size: var(--mantine-h4-font-size);">${escapeHtml(title)}</h2></div>${body}</div></section>`
  );
}

/** The Home tab's cards for a signed-out visitor (app-tab-content.tsx EventCard and EbadgeCard). */
function appHomeCards(event: TPortalEvent, signInHref: string, s: Record<string, string>, m: Record<string, string>): string {
  const small = (text: string, dimmed = false) => `<p class="${TEXT}" data-size="sm" style="${textSize('sm')}${dimmed ? ' color: var(--mantine-color-dimmed);' : ''}">${text}</p>`;
  const venue = event.venue
    ? `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.375rem * var(--mantine-scale))', 'center', 'flex-start', 'nowrap')}">${m.mapPin ?? ''}${small(escapeHtml(event.venue))}</div>`
    : '';
  const eventCard = homeCard(
    'tab-event',
    m.calendarEvent ?? '',
    event.name,
    `<div class="m_6d731127 mantine-Stack-root" style="${stackStyle('calc(0.25rem * var(--mantine-scale))')}">${small(escapeHtml(formatDateRange(event.startDate, event.endDate)))}${small(fill(s.timeZone ?? '', { zone: event.timeZone }), true)}${venue}${small(escapeHtml(EVENT_MODE_LABELS[event.eventMode as TEventMode] ?? ''), true)}</div>`,
  );
  const ebadgeCard = homeCard(
    'tab-ebadge',
    m.ebadge ?? '',
    s.ebadge ?? '',
    small(escapeHtml(s.ebadgeSignIn ?? ''), true) +
      `<a class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="light" data-size="sm" href="${signInHref}" style="--button-height: var(--button-height-sm); --button-padding-x: var(--button-padding-x-sm); --button-fz: var(--mantine-font-size-sm); --button-radius: var(--mantine-radius-md); --button-bg: var(--mantine-color-brand-light); --button-hover: var(--mantine-color-brand-light-hover); --button-color: var(--mantine-color-brand-light-color); --button-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent; width: fit-content;"><span class="m_80f1301b mantine-Button-inner"><span class="m_811560b9 mantine-Button-label">${escapeHtml(s.signIn ?? '')}</span></span></a>`,
  );
  return `<div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-md)')}">${eventCard}${ebadgeCard}</div>`;
}

const AGENDA_READ = 'GET /api/scheduleservices/api/events/:eventId/agenda';
/** How many session cards the Agenda's first view draws (a phone's first screens); React draws the rest of the day. */
export const AGENDA_FIRST_CARDS = 10;
const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

type TAgendaSession = TSchedule['sessions'][number];

/**
 * A session card the view can draw as React does: what SessionExtras adds beyond moderators and tags (a ticket
 * restriction, sponsors with their logos) is left to React, and so is a track colour that is not a plain hex one.
 */
function isPlainSession(session: TAgendaSession, tracks: Map<string, TSchedule['tracks'][number]>): boolean {
  const colour = session.trackId ? tracks.get(session.trackId)?.colour : undefined;
  return session.ticketIds.length === 0 && session.sponsorIds.length === 0 && (colour === undefined || HEX_COLOUR.test(colour));
}

/**
 * The Agenda tab (programme/components/agenda-tab.tsx) as it first renders: the time zone and Print, the day switcher
 * (its first day chosen), the day's title and its first time slots, up to AGENDA_FIRST_CARDS sessions (whole slots),
 * stopping before a session the view does not draw. Null when there is nothing to draw (no sessions: React's empty
 * state).
 */
function agendaView(agenda: TSchedule, s: Record<string, string>, m: Record<string, string>): string | null {
  const days = [...new Set(agenda.sessions.map((x) => x.start.slice(0, 10)))].sort();
  const day = days[0];
  if (!day) return null;
  const rooms = new Map(agenda.rooms.map((r) => [r.id, r.name]));
  const tracks = new Map(agenda.tracks.map((t) => [t.id, t]));
  const speakers = new Map(agenda.speakers.map((x) => [x.id, x.name]));
  const slots = new Map<string, TAgendaSession[]>();
  for (const x of agenda.sessions.filter((x) => x.start.startsWith(day)).sort((a, b) => a.start.localeCompare(b.start) || a.title.localeCompare(b.title))) {
    slots.set(x.start, [...(slots.get(x.start) ?? []), x]);
  }
  const drawn: [string, TAgendaSession[]][] = [];
  let cards = 0;
  for (const [start, list] of slots) {
    if (cards >= AGENDA_FIRST_CARDS || !list.every((x) => isPlainSession(x, tracks))) break;
    drawn.push([start, list]);
    cards += list.length;
  }
  const clock = (local: string) => escapeHtml(local.slice(11, 16));
  const xs = (text: string, extra = '') => `<p class="${TEXT}" data-size="xs" style="${textSize('xs')}${extra}">${text}</p>`;
  const badge = (label: string, vars: string, extra: string, variant: string) =>
    `<div class="m_347db0ec mantine-Badge-root" data-variant="${variant}" data-size="xs" style="--badge-height: var(--badge-height-xs); --badge-padding-x: var(--badge-padding-x-xs); --badge-fz: var(--badge-fz-xs); ${vars}${extra}"><span class="m_5add502a mantine-Badge-label">${escapeHtml(label)}</span></div>`;
  const card = (x: TAgendaSession) => {
    const track = x.trackId ? tracks.get(x.trackId) : undefined;
    const names = x.speakerIds.map((id) => speakers.get(id)).filter((n): n is string => !!n);
    const moderators = x.moderatorIds.flatMap((id) => agenda.speakers.filter((sp) => sp.id === id).map((sp) => sp.name));
    const where = [`${x.start.slice(11, 16)}–${x.end.slice(11, 16)}`, x.roomId ? rooms.get(x.roomId) : null].filter(Boolean).join(' · ');
    return (
      `<div class="m_1b7284a3 mantine-Paper-root" data-with-border="true" style="--paper-radius: var(--mantine-radius-md);${track ? ` border-left: 4px solid ${track.colour};` : ''} padding: var(--mantine-spacing-sm);">` +
      `<p class="${TEXT}" data-size="sm" style="${textSize('sm')} font-weight: 600;">${escapeHtml(x.title)}</p>` +
      xs(escapeHtml(where), ' color: var(--mantine-color-dimmed);') +
      (names.length ? xs(escapeHtml(names.join(', '))) : '') +
      (moderators.length ? xs(fill(s[moderators.length === 1 ? 'moderatedBy_one' : 'moderatedBy_other'] ?? '', { names: moderators.join(', ') })) : '') +
      (x.tags.length
        ? `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('calc(0.25rem * var(--mantine-scale))', 'center', 'flex-start', 'wrap')}">${x.tags
            .map((tag) => badge(`#${tag}`, '--badge-bg: transparent; --badge-color: var(--mantine-color-gray-7); --badge-bd: calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-gray-7);', ' text-transform: none;', 'outline'))
            .join('')}</div>`
        : '') +
      (track ? badge(track.name, '--badge-bg: var(--mantine-color-gray-light); --badge-color: var(--mantine-color-gray-light-color); --badge-bd: calc(0.0625rem * var(--mantine-scale)) solid transparent;', ' margin-top: calc(0.25rem * var(--mantine-scale));', 'light') : '') +
      `</div>`
    );
  };
  const label = formatCalendarDayLabel(day);
  const switcher =
    days.length > 1
      ? `<div class="m_cf365364 mantine-SegmentedControl-root" data-full-width="true" data-with-items-borders="true" aria-label="${escapeHtml(s.day ?? '')}" role="radiogroup" style="--sc-shadow: var(--mantine-shadow-xs);">` +
        days
          .map((d, i) => {
            const active = i === 0 ? ' data-active="true"' : '';
            const id = `fv-day-${escapeHtml(d)}`;
            return `<div class="m_69686b9b mantine-SegmentedControl-control"${active}><input class="m_1714d588 mantine-SegmentedControl-input" type="radio" id="${id}" data-focus-ring="auto" name="fv-day"${i === 0 ? ' checked' : ''} value="${escapeHtml(d)}"><label class="m_1738fcb2 mantine-SegmentedControl-label"${active} for="${id}"><span class="m_78882f40 mantine-SegmentedControl-innerLabel">${escapeHtml(formatCalendarDayLabel(d))}</span></label></div>`;
          })
          .join('') +
        `</div>`
      : '';
  return (
    `<div class="m_6d731127 mantine-Stack-root" data-first-view-part="agenda" style="${stackStyle('var(--mantine-spacing-md)')}">` +
    `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-xs)', 'center', 'space-between', 'wrap')}"><p class="${TEXT}" data-size="sm" style="${textSize('sm')} color: var(--mantine-color-dimmed);">${fill(s.agendaTimeZone ?? '', { zone: agenda.timeZone })}</p>` +
    `<button class="mantine-focus-auto mantine-active m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root" data-variant="default" data-size="xs" data-with-left-section="true" type="button" style="--button-height: var(--button-height-xs); --button-padding-x: var(--button-padding-x-xs); --button-fz: var(--mantine-font-size-xs); --button-radius: var(--mantine-radius-md); --button-bg: var(--mantine-color-default); --button-hover: var(--mantine-color-default-hover); --button-color: var(--mantine-color-default-color); --button-bd: calc(0.0625rem * var(--mantine-scale)) solid var(--mantine-color-default-border);"><span class="m_80f1301b mantine-Button-inner"><span class="m_a74036a mantine-Button-section" data-position="left">${m.printer ?? ''}</span><span class="m_811560b9 mantine-Button-label">${escapeHtml(s.printAgenda ?? '')}</span></span></button></div>` +
    switcher +
    `<h2 class="m_8a5d1357 mantine-Title-root" data-order="2" style="${titleVars(2)} font-size: var(--mantine-font-size-lg);">${escapeHtml(label)}</h2>` +
    `<ol class="m_6d731127 mantine-Stack-root" aria-label="${fill(s.agendaOf ?? '', { day: label })}" style="${stackStyle('var(--mantine-spacing-sm)', 'stretch', ' list-style: none; margin: 0px; padding: 0px;')}">` +
    drawn
      .map(
        ([start, list]) =>
          `<li><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'flex-start', 'flex-start', 'nowrap')}"><p class="${TEXT}" data-size="sm" style="${textSize('sm')} flex-shrink: 0; font-weight: 700; width: calc(3rem * var(--mantine-scale));">${clock(start)}</p>` +
          `<div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-xs)', 'stretch', ' flex: 1 1 0%; min-width: 0px;')}">${list.map(card).join('')}</div></div></li>`,
      )
      .join('') +
    `</ol></div>`
  );
}

/**
 * `/tabs/event-info?eventId=` and `/tabs/event-agenda?eventId=`: the attendee app's frame (portal/components/app-shell.tsx:
 * header, banner, title, the bottom bar of the first menu tabs and More) around the Home tab as a signed-out visitor
 * sees it, or around the Agenda (from its read, agendaView). Other tabs are left to React (their data is still in the
 * page).
 */
function appTabView(menu: TAppMenu, tab: TAppTabData, agenda: TSchedule | undefined, s: Record<string, string>, m: Record<string, string>): string | null {
  if (!tab.isBuilt || !tab.content) return null;
  const event = tab.content.event;
  const signInHref = `/ei/${encodeURIComponent(event.id)}`;
  let body: string | null = null;
  if (tab.tabName === 'event-info') body = appHomeCards(event, signInHref, s, m);
  else if (tab.tabName === 'event-agenda' && agenda) body = agendaView(agenda, s, m);
  if (body === null) return null;
  const query = `?eventId=${encodeURIComponent(event.id)}`;
  const container = (extra: string) => `class="m_7485cace mantine-Container-root" data-strategy="block" style="--container-size: calc(45rem * var(--mantine-scale));${extra}"`;
  const title = tab.title || menu.tabs.find((x) => x.tabName === tab.tabName)?.title || '';
  const { bar, more } = splitMenu(menu.tabs);
  const itemStyle = (isActive: boolean) =>
    `flex: 1 1 0%; min-width: 0px; display: flex; flex-direction: column; align-items: center; gap: 2px; padding: 8px 2px; color: var(--mantine-color-${isActive ? 'brand' : 'gray'}-8); font-weight: ${isActive ? 700 : 500};`;
  const barLabel = (label: string, truncate: boolean) =>
    `<span class="${TEXT}" style="${truncate ? 'overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 100%; ' : ''}color: inherit; font-size: calc(0.6875rem * var(--mantine-scale)); font-weight: inherit;${truncate ? ' text-align: center;' : ''} line-height: 1.2;">${escapeHtml(label)}</span>`;
  const barItem = (t: TAppMenu['tabs'][number]) => {
    const isActive = t.tabName === tab.tabName;
    return `<a class="mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root"${isActive ? ' aria-current="page"' : ''} href="/tabs/${encodeURIComponent(t.tabName)}${escapeHtml(query)}" style="${itemStyle(isActive)}">${m[`tab:${t.tabName}`] ?? ''}${barLabel(t.title, true)}</a>`;
  };
  const moreItem = `<button class="mantine-focus-auto m_87cf2631 mantine-UnstyledButton-root" type="button" aria-haspopup="dialog" aria-expanded="false" style="${itemStyle(false).replace(' min-width: 0px;', '')}">${m.more ?? ''}${barLabel(s.more ?? '', false)}</button>`;
  const nav = bar.length
    ? `<nav aria-label="${escapeHtml(s.menuNav ?? '')}" style="position: fixed; bottom: 0px; left: 0px; right: 0px; border-top: 1px solid var(--mantine-color-gray-3); z-index: 10; padding-bottom: env(safe-area-inset-bottom); background: var(--mantine-color-white);"><div ${container(' padding-inline: 0rem;')}><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('0rem', 'center', 'flex-start', 'nowrap')}">` +
      bar.map(barItem).join('') +
      (more.length ? moreItem : '') +
      `</div></div></nav>`
    : '';
  return (
    `${skipLink(s)}<div style="padding-bottom: calc(5rem * var(--mantine-scale)); background: var(--mantine-color-gray-0); min-height: 100dvh;">` +
    `<header style="border-bottom: 1px solid var(--mantine-color-gray-3); position: sticky; top: 0px; z-index: 10; background: var(--mantine-color-white);"><div ${container(' padding-block: var(--mantine-spacing-xs);')}>` +
    `<div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'center', 'space-between', 'nowrap')}"><div class="m_4081bf90 mantine-Group-root" style="${groupStyle('var(--mantine-spacing-sm)', 'center', 'flex-start', 'nowrap', ' min-width: 0px;')}">${BRAND_MARK.replace(/width="32" height="32"/, 'width="28" height="28"')}` +
    `<p class="${TEXT}" style="overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-weight: 700;">${escapeHtml(menu.event.name)}</p></div>` +
    `<a class="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root" data-size="sm" data-underline="hover" href="${signInHref}" style="${textSize('sm')} font-weight: 600;">${escapeHtml(s.signIn ?? '')}</a></div></div></header>` +
    (tab.bannerUrl ? `<img class="m_9e117634 mantine-Image-root" src="${escapeHtml(tab.bannerUrl)}" alt="" style="--image-object-fit: cover; height: calc(8.75rem * var(--mantine-scale));">` : '') +
    `<main ${container(' outline: none; padding-block: var(--mantine-spacing-md);')} id="main-content" tabindex="-1"><div class="m_6d731127 mantine-Stack-root" style="${stackStyle('var(--mantine-spacing-md)')}">` +
    (title ? `<h1 class="m_8a5d1357 mantine-Title-root" data-order="1" style="${titleVars(1)} font-size: calc(1.5rem * var(--mantine-scale));">${escapeHtml(title)}</h1>` : '') +
    `${body}</div></main>${nav}</div>`
  );
}

/**
 * A first view's page fetches nothing until that view is on screen. Its stylesheets (`media="print"`, see
 * withFirstViewStyles), the entry script and the page's module preloads are moved from the markup into a data block,
 * and FIRST_VIEW_BOOT_SCRIPT adds them once the browser has painted: one animation frame and a task later, or after a
 * second if no frame comes (a page opened in a background tab). Fetched with the document, they competed with it for a
 * phone's bandwidth and main thread for nothing the view needs, and Lighthouse counts every request that finished
 * before the largest paint as needed for it, so a machine that fetched them before painting scored a slow LCP
 * (docs/PERFORMANCE.md "Lighthouse"). Starting a request from a script costs the main thread a few milliseconds on a
 * phone, so they go one to a task (a message to itself: nested timers would be clamped to 4 ms each), the stylesheets
 * first (the app switches them on when it starts), then the entry, then the preloads; no task of the boot is long. Its text never changes: the CSP allows
 * exactly it by hash (FIRST_VIEW_BOOT_HASH, platform/security.ts).
 */
export const FIRST_VIEW_BOOT_SCRIPT =
  "(function(){var d=document,b=JSON.parse(d.getElementById('pavilion-boot').textContent),done=0;" +
  "function add(rel,href,css){var l=d.createElement('link');l.rel=rel;l.crossOrigin='';l.href=href;if(css){l.media='print';l.setAttribute('data-first-view-css','')}d.head.appendChild(l)}" +
  "function entry(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=b.entry;d.head.appendChild(s)}" +
  "var q=b.styles.map(function(h){return function(){add('stylesheet',h,1)}}).concat([entry],b.modules.map(function(h){return function(){add('modulepreload',h)}}));" +
  "var ch=new MessageChannel(),i=0;ch.port1.onmessage=function(){q[i++]();if(i<q.length)ch.port2.postMessage(0)};" +
  "function go(){if(done)return;done=1;ch.port2.postMessage(0)}" +
  "requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,1000)})()";
export const FIRST_VIEW_BOOT_HASH = `'sha256-${createHash('sha256').update(FIRST_VIEW_BOOT_SCRIPT).digest('base64')}'`;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;
const DEFERRED_STYLESHEET = /<link rel="stylesheet" media="print" data-first-view-css crossorigin href="([^"]+)">\s*/g;

/** A first view's document with its stylesheets and scripts fetched after the view's paint (see FIRST_VIEW_BOOT_SCRIPT). */
export function withFetchesAfterFirstPaint(html: string): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (!entry) return html;
  const styles = [...html.matchAll(DEFERRED_STYLESHEET)].map((m) => m[1]!);
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const boot = JSON.stringify({ entry, styles, modules }).replace(/</g, '\\u003c');
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace(DEFERRED_STYLESHEET, '')
    .replace('</body>', `  <script type="application/json" id="pavilion-boot">${boot}</script>\n    <script>${FIRST_VIEW_BOOT_SCRIPT}</script>\n  </body>`);
}

/** CSS text that cannot end its <style> element (only `</style` does; in CSS `<\/` is the same two characters). */
const styleText = (css: string) => css.replace(/<\/(style)/gi, '<\\/$1');

/**
 * The document around a first view: the view's CSS inlined in <head>, and the page's stylesheets loaded without
 * blocking that paint (`media="print"` until apps/web/src/app/first-view.ts switches them on; React renders only
 * once they are in). The view's CSS is the stylesheet's own rules for the classes the view uses, so nothing changes
 * when the whole stylesheet applies.
 */
export function withFirstViewStyles(html: string, view: FirstView): string {
  if (!view.css) return html;
  return html
    .replace(/<link rel="stylesheet"/g, '<link rel="stylesheet" media="print" data-first-view-css')
    .replace('</head>', `  <style data-first-view-css>${styleText(view.css)}</style>\n  </head>`);
}

/** What a first view is made from: the page's first reads (by contract key) and, for the e-badge, its QR. */
export type FirstViewInput = { reads: Map<string, unknown>; qrDataUrl?: string | null; cookieHeader?: string };

/**
 * The first view's markup for #root (with its theme variables), or null when the page is better left to React alone:
 * no read (a 404 or an error page), an e-badge without its QR (not ready, revoked).
 */
export function firstViewHtml(view: FirstView, themeCss: string, input: FirstViewInput): string | null {
  const s = view.strings;
  let body: string | null = null;
  if (view.kind === 'cart') {
    const info = input.reads.get('GET /api/eventservices/public/events/:eventId/registration') as TPublicRegistrationInfo | undefined;
    if (info) body = cartView(info, s);
  } else if (view.kind === 'ebadge-mobile') {
    const badge = input.reads.get('GET /api/eventservices/public/ebadges/:eventUserId') as TEbadgeView | undefined;
    if (badge?.credential && input.qrDataUrl) body = ebadgeMobileView(badge, input.qrDataUrl, s);
  } else if (view.kind === 'app-tab') {
    const menu = input.reads.get(APP_MENU_READ) as TAppMenu | undefined;
    const tab = input.reads.get(APP_TAB_READ) as TAppTabData | undefined;
    if (menu && tab) body = appTabView(menu, tab, input.reads.get(AGENDA_READ) as TSchedule | undefined, s, view.markup ?? {});
  } else if (view.kind === 'scanner') {
    const isPaired = (input.cookieHeader ?? '').split(';').some((c) => c.trim() === `${SCANNER_PAIRED_COOKIE}=1`);
    body = scannerView(isPaired, s);
  }
  // Inert until React replaces it: a tap or a keystroke on a control that is not live yet is not taken and lost.
  return body === null ? null : `<div data-first-view="${view.kind}" inert><style>${styleText(themeCss)}</style>${body}</div>`;
}

/** The e-badge's QR as a data: URL, through its own public route (the same checks; a credential, so never cached). */
async function qrDataUrl(app: FastifyInstance, request: FastifyRequest, badge: TEbadgeView): Promise<string | null> {
  const url = ebadgeRoutes.qrSvg.path.replace(':eventUserId', encodeURIComponent(badge.eventUserId));
  const res = await app.inject({ method: 'GET', url, remoteAddress: request.ip }).catch(() => null);
  if (res?.statusCode !== 200 || !String(res.headers['content-type'] ?? '').startsWith('image/svg+xml')) return null;
  return `data:image/svg+xml;base64,${Buffer.from(res.body).toString('base64')}`;
}

/** The first view for this request, made from the page's first reads (spa.ts), or null (see firstViewHtml). */
export async function firstViewFor(app: FastifyInstance, request: FastifyRequest, view: FirstView, themeCss: string, reads: { route: string; data: unknown }[]): Promise<string | null> {
  const byRoute = new Map(reads.map((r) => [r.route, r.data]));
  const badge = view.kind === 'ebadge-mobile' ? (byRoute.get('GET /api/eventservices/public/ebadges/:eventUserId') as TEbadgeView | undefined) : undefined;
  const qr = badge?.credential ? await qrDataUrl(app, request, badge) : null;
  return firstViewHtml(view, themeCss, { reads: byRoute, qrDataUrl: qr, cookieHeader: request.headers.cookie });
}
