import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingsRace } from '../../test/meetings-race.ts';

const race = meetingsRace('Reschedule Race', { start: '10:00', end: '14:00' });
const participant = race.participant;
const SLOTS = ['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00', '13:30'].map((s) => `2027-03-02T${s}`);

/*
 * A third person, Tara, meets each of n people in a slot of her own; slot n is her last free one. All n propose to
 * move their meeting with her there at once: the proposal holds the slot for both people, so exactly one may.
 */
describe.each([2, 6])('%i people propose the last free slot of a third person as a new time at once', (n) => {
  for (const locked of [true, false]) {
    it(locked ? 'exactly one proposal wins; the others get 409 naming the busy person' : 'control, event lock off: more than one wins (the race is real)', async () => {
      const target = await participant('Tara');
      const crowd = await Promise.all(Array.from({ length: n }, (_, i) => participant(`Mover${i}`)));
      const meetings: string[] = [];
      for (const [i, p] of crowd.entries()) {
        const res = await race.t.app.inject({
          method: 'POST',
          url: `/api/eventservices/events/${race.eventId}/meetings/requests`,
          headers: p.headers,
          payload: { inviteeEventUserId: target.eventUserId, slot: SLOTS[i], place: 2, mode: 2, type: 2, booth: null, message: '' },
        });
        expect(res.statusCode, res.body).toBe(201);
        meetings.push(res.json().data.id);
      }
      race.t.ctx.meetings.testing.unsafeDisableLocking = !locked;
      // The same window in both runs (between the checks and the insert); with the lock it changes nothing.
      race.t.ctx.meetings.testing.raceWindowMs = 40;
      const res = await Promise.all(
        crowd.map((p, i) => race.t.app.inject({ method: 'POST', url: `/api/eventservices/events/${race.eventId}/meetings/mine/${meetings[i]}/proposals`, headers: p.headers, payload: { slot: SLOTS[n] } })),
      );
      expect(res.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
      const won = res.filter((r) => r.statusCode === 201).length;
      const rows = await race.t.ctx.database.db.execute(sql`select count(*) as n from meeting_proposals where event_id = ${race.eventId} and status = 0 and meeting_id in (select id from meetings where event_id = ${race.eventId} and invitee_event_user_id = ${target.eventUserId})`);
      const stored = Number((rows.rows[0] as { n: string }).n);
      if (locked) {
        expect(won).toBe(1);
        expect(stored).toBe(1);
        for (const r of res.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: `Tara already has a meeting at ${SLOTS[n]!.replace('T', ' ')}` });
      } else {
        expect(won).toBeGreaterThan(1);
        expect(stored).toBeGreaterThan(1);
      }
    });
  }
});
