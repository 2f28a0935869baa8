import { DEFAULT_THEME, convertCssVariables, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { IconCalendarEvent, IconDots, IconId, IconMapPin, IconPrinter, type Icon } from '@tabler/icons-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { APP_TAB_NAMES } from '@pavilion/domain/navigation/app-tabs';
import { portalEn } from '../src/modules/portal/locales/portal.en.ts';
import { programmeEn } from '../src/modules/programme/locales/programme.en.ts';
import { iconOf } from '../src/modules/portal/tab-icons.ts';
import { ebadgeEn } from '../src/modules/ebadge/locales/ebadge.en.ts';
import { scannerEn } from '../src/modules/checkin/locales/scanner.en.ts';
import { publicEn } from '../src/modules/registration/locales/public.en.ts';
import type { TFirstViewKind } from '../src/app/first-paint.ts';
import { en } from '../src/app/locales/en.ts';
import { cssVariablesResolver, theme } from '../src/app/theme.ts';

/**
 * What the server's first views (app/first-paint.ts `view`, apps/server/src/platform/first-view.ts) need from the web
 * app, read by the build (scripts/first-paint-plugin.ts) into dist/.vite/first-paint.json: each view's texts, from the
 * same locale entries the React pages use, and the theme's CSS variables. Not imported by the app at run time.
 */
export const FIRST_VIEW_STRINGS: Record<TFirstViewKind, Record<string, string>> = {
  cart: {
    skip: en.app.skipToContent,
    kicker: publicEn.kicker,
    stepsLabel: publicEn.stepsLabel,
    stepTickets: publicEn.stepTickets,
    stepDetails: publicEn.stepDetails,
    stepReview: publicEn.stepReview,
    ticketsTitle: publicEn.ticketsTitle,
    ticketsHint: publicEn.ticketsHint,
    free: publicEn.free,
    plusTax: publicEn.plusTax,
    quantityOf: publicEn.quantityOf,
    decrease: publicEn.decrease,
    increase: publicEn.increase,
  },
  'ebadge-mobile': { skip: en.app.skipToContent, qrAlt: ebadgeEn.qrAlt, registrationNo: ebadgeEn.registrationNo, brightnessHint: ebadgeEn.brightnessHint },
  scanner: {
    skip: en.app.skipToContent,
    appName: scannerEn.appName,
    pairTitle: scannerEn.pairTitle,
    pairBody: scannerEn.pairBody,
    codeLabel: scannerEn.codeLabel,
    codeHint: scannerEn.codeHint,
    pair: scannerEn.pair,
  },
  'app-tab': {
    skip: en.app.skipToContent,
    signIn: portalEn.app.signIn,
    menuNav: portalEn.app.menuNav,
    more: portalEn.app.more,
    timeZone: portalEn.home.timeZone,
    ebadge: portalEn.home.ebadge,
    ebadgeSignIn: portalEn.home.ebadgeSignIn,
    // The Agenda tab (issue 16; programme/components/agenda-tab.tsx).
    agendaTimeZone: programmeEn.attendee.timeZone,
    printAgenda: programmeEn.attendee.printAgenda,
    day: programmeEn.attendee.day,
    agendaOf: programmeEn.attendee.agendaOf,
    moderatedBy_one: programmeEn.attendee.moderatedBy_one,
    moderatedBy_other: programmeEn.attendee.moderatedBy_other,
  },
};

const svg = (icon: Icon, size: number, ariaHidden: boolean) => renderToStaticMarkup(createElement(icon, { size, ...(ariaHidden ? { 'aria-hidden': true } : {}) }));

/**
 * Markup the server's first views write as it is, rendered here from the app's own components: the attendee app's
 * icons (each menu tab's, `tab:{name}`, from modules/portal/tab-icons.ts, and the home cards'), so both menus draw the
 * same ones.
 */
export const FIRST_VIEW_MARKUP: Partial<Record<TFirstViewKind, Record<string, string>>> = {
  'app-tab': {
    ...Object.fromEntries(APP_TAB_NAMES.map((name) => [`tab:${name}`, svg(iconOf(name), 22, true)])),
    more: svg(IconDots, 22, true),
    calendarEvent: svg(IconCalendarEvent, 20, false),
    ebadge: svg(IconId, 20, false),
    mapPin: svg(IconMapPin, 16, true),
    printer: svg(IconPrinter, 16, true),
  },
};

/**
 * The theme's CSS variables as Mantine's provider writes them (its own resolver and our cssVariablesResolver, light
 * scheme), for a first view that paints before the provider has run.
 */
const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const resolved = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
// Like the provider, only what differs from Mantine's stylesheet (its defaults).
const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
const changed = (vars: Record<string, string>, base: Record<string, string>) => Object.fromEntries(Object.entries(vars).filter(([k, v]) => base[k] !== v));
export const FIRST_VIEW_THEME_CSS = convertCssVariables(
  { variables: changed({ ...resolved.variables, ...ours.variables }, defaults.variables), light: changed({ ...resolved.light, ...ours.light }, defaults.light), dark: {} },
  ':root',
);

/**
 * Mantine's classes the server's first views write (apps/server/src/platform/first-view.ts): the build keeps only
 * their rules, and the stylesheet's global ones, in the CSS it inlines with a first view (scripts/first-paint-plugin.ts),
 * so the view paints without waiting for the whole stylesheet. A class missing here shows unstyled until that
 * stylesheet is in: apps/server/src/platform/first-view.test.ts checks the templates against this list.
 */
export const FIRST_VIEW_CLASSES = [
  // Group, Stack, Text, Title, Container, UnstyledButton
  'm_4081bf90', 'm_6d731127', 'm_b6d8b162', 'm_8a5d1357', 'm_7485cace', 'm_87cf2631',
  // Stepper: root, steps, step, step wrapper, icon, body, label, separator
  'm_cbb4ea7e', 'm_aaf89d0b', 'm_f56b1e2c', 'm_cbb57068', 'm_818e70b', 'm_1959ad01', 'm_1956aa2a', 'm_12051f6c', 'm_2a371ac9',
  // ActionIcon, Badge, Paper
  'm_8d3f4000', 'm_8d3afb97', 'm_347db0ec', 'm_5add502a', 'm_1b7284a3',
  // TextInput (wrapper, label, description, input) and Button
  'm_46b77525', 'm_8fdc1311', 'm_fe47ce59', 'm_6c018570', 'm_8fb7ebe7', 'm_77c9d27d', 'm_80f1301b', 'm_811560b9',
  // Anchor, ThemeIcon, Image
  'm_849cf0da', 'm_7341320d', 'm_9e117634',
  // Button section; SegmentedControl: root, control, input, label, inner label (the Agenda's day switcher)
  'm_a74036a', 'm_cf365364', 'm_69686b9b', 'm_1714d588', 'm_1738fcb2', 'm_78882f40',
] as const;
