import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { checkinKeys } from '../../checkin/api/checkin-keys.ts';
import { registrationKeys } from '../../registration/api/registration-keys.ts';
import { dashboardKeys } from '../api/dashboard-api.ts';
import { countsChangedHandler } from './use-live-counts.ts';

/** A cache as an organiser's dashboard holds it for two events. */
function cacheWith(eventIds: string[]) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const id of eventIds) {
    qc.setQueryData(registrationKeys.tickets(id), [{ id: 't1', sold: 0, held: 0 }]);
    qc.setQueryData(registrationKeys.registrationList(id, { page: 1 }), { items: [] });
    qc.setQueryData(registrationKeys.orderList(id, { status: 'pending' }), { items: [] });
    qc.setQueryData(registrationKeys.forms(id), []);
    qc.setQueryData(checkinKeys.areas(id), []);
    qc.setQueryData(checkinKeys.attendance(id, { page: 2 }), { items: [] });
    qc.setQueryData(checkinKeys.devices(id), []);
    qc.setQueryData(dashboardKeys.overview(id, 1), { registrations: 0 });
  }
  return qc;
}
const isStale = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated === true;

describe('countsChangedHandler', () => {
  it("marks the event's seat, list, presence and overview queries stale, and nothing else", async () => {
    const qc = cacheWith(['ev1', 'ev2']);
    countsChangedHandler(qc, 'ev1')({ eventId: 'ev1', reason: 'order_confirmed', at: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 0));
    for (const key of [
      registrationKeys.tickets('ev1'),
      registrationKeys.registrationList('ev1', { page: 1 }),
      registrationKeys.orderList('ev1', { status: 'pending' }),
      checkinKeys.areas('ev1'),
      checkinKeys.attendance('ev1', { page: 2 }),
      dashboardKeys.overview('ev1', 1),
    ]) {
      expect(isStale(qc, key), JSON.stringify(key)).toBe(true);
    }
    // What counts do not touch (forms, devices), and the other event's seats, stay fresh.
    for (const key of [registrationKeys.forms('ev1'), checkinKeys.devices('ev1'), registrationKeys.tickets('ev2'), checkinKeys.areas('ev2')]) {
      expect(isStale(qc, key), JSON.stringify(key)).toBe(false);
    }
  });

  it('ignores a message about another event', async () => {
    const qc = cacheWith(['ev1']);
    countsChangedHandler(qc, 'ev1')({ eventId: 'ev9', reason: 'check_in', at: new Date().toISOString() });
    await new Promise((r) => setTimeout(r, 0));
    expect(isStale(qc, registrationKeys.tickets('ev1'))).toBe(false);
  });
});
