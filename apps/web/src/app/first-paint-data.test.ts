// @vitest-environment jsdom
// jsdom, not happy-dom: DOMPurify (answers with markup) needs a spec-conformant HTML parser.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { publicRegistrationInfoQuery } from '../modules/registration/hooks/use-public-registration.ts';
import { agendaQuery } from '../modules/programme/components/agenda-tab.tsx';
import { isSanitiserLoaded } from './api-client.ts';
import { createQueryClient } from './query-client.ts';
import { firstPaintDataReady, resetFirstPaintData, takeFirstPaintData } from './first-paint-data.ts';

const REGISTRATION = 'GET /api/eventservices/public/events/:eventId/registration';

/** The element the server writes into a first-paint page (apps/server/src/platform/spa.ts firstDataTag). */
function writeReads(text: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'pavilion-first-data';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById('pavilion-first-data')?.remove();
  resetFirstPaintData();
});

describe('first-paint data', () => {
  it("hands the server's read to the query that asks for it with the same params, once", () => {
    writeReads(JSON.stringify([{ route: REGISTRATION, params: { eventId: 'evt1' }, data: { eventName: 'Expo' } }]));
    expect(takeFirstPaintData(REGISTRATION, { eventId: 'other' })).toBeUndefined();
    expect(takeFirstPaintData('GET /api/eventservices/public/ebadges/:eventUserId', { eventUserId: 'evt1' })).toBeUndefined();
    expect(takeFirstPaintData(REGISTRATION, { eventId: 'evt1' })).toEqual({ eventName: 'Expo' });
    expect(takeFirstPaintData(REGISTRATION, { eventId: 'evt1' })).toBeUndefined();
    // Read once, the element leaves the document.
    expect(document.getElementById('pavilion-first-data')).toBeNull();
  });

  it('hands an answer with markup over sanitised, once the sanitiser it waits for has loaded', async () => {
    writeReads(JSON.stringify([{ route: REGISTRATION, params: { eventId: 'evt1' }, data: { eventName: 'Expo', description: '<p>Hi</p><img src=x onerror=alert(1)>' } }]));
    await firstPaintDataReady();
    expect(isSanitiserLoaded()).toBe(true);
    expect(takeFirstPaintData(REGISTRATION, { eventId: 'evt1' })).toEqual({ eventName: 'Expo', description: '<p>Hi</p><img src="x">' });
  });

  it('leaves a damaged element or no element to the network', () => {
    writeReads('{not json');
    expect(takeFirstPaintData(REGISTRATION, { eventId: 'evt1' })).toBeUndefined();
    resetFirstPaintData();
    expect(takeFirstPaintData(REGISTRATION, { eventId: 'evt1' })).toBeUndefined();
  });

  it('is the initial data of the plain registration read, fresh, and not of a read with an unlock code', async () => {
    writeReads(JSON.stringify([{ route: REGISTRATION, params: { eventId: 'evt1' }, data: { eventName: 'Expo', tickets: [] } }]));
    const client = new QueryClient();
    // Observers that are not subscribed fetch nothing: what they show is the cache as the queries start.
    expect(new QueryObserver(client, publicRegistrationInfoQuery('evt1', { unlockCode: 'VIP' })).getCurrentResult().data).toBeUndefined();
    const plain = new QueryObserver(client, publicRegistrationInfoQuery('evt1')).getCurrentResult();
    expect(plain.data).toEqual({ eventName: 'Expo', tickets: [] });
    expect(plain.isStale).toBe(false);
  });

  it("is the initial data of the app's Agenda read (the server drew its first view from it), not of the portal's", () => {
    const AGENDA = 'GET /api/scheduleservices/api/events/:eventId/agenda';
    const answer = { eventName: 'Expo', timeZone: 'Asia/Kolkata', rooms: [], tracks: [], speakers: [], sponsors: [], tickets: [], sessions: [] };
    writeReads(JSON.stringify([{ route: AGENDA, params: { eventId: 'evt1' }, data: answer }]));
    // The app's client: its reads stay fresh for a while, so the page does not fetch the agenda again as it mounts.
    const client = createQueryClient();
    expect(new QueryObserver(client, agendaQuery('evt1', 'portal')).getCurrentResult().data).toBeUndefined();
    const app = new QueryObserver(client, agendaQuery('evt1', 'app')).getCurrentResult();
    expect(app.data).toEqual(answer);
    expect(app.isStale).toBe(false);
  });
});
