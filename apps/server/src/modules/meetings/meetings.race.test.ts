import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetingsRace } from '../../test/meetings-race.ts';

// One slot only: whoever books the third person first takes their last free slot.
const race = meetingsRace('Race', { start: '10:00', end: '10:30' });
const participant = race.participant;

describe.each([2, 8])('%i people book the last free slot of a third person at once', (n) => {
  for (const locked of [true, false]) {
    it(locked ? 'exactly one wins; the others get 409 naming the busy person' : 'control, event lock off: more than one wins (the race is real)', async () => {
      const target = await participant('Tara');
      const crowd = await Promise.all(Array.from({ length: n }, (_, i) => participant(`Booker${i}`)));
      race.t.ctx.meetings.testing.unsafeDisableLocking = !locked;
      // The same window in both runs (between the checks and the insert); with the lock it changes nothing.
      race.t.ctx.meetings.testing.raceWindowMs = 40;
      const res = await Promise.all(
        crowd.map((p) =>
          race.t.app.inject({
            method: 'POST',
            url: `/api/eventservices/events/${race.eventId}/meetings/requests`,
            headers: p.headers,
            payload: { inviteeEventUserId: target.eventUserId, slot: '2027-03-02T10:00', place: 2, mode: 2, type: 2, booth: null, message: '' },
          }),
        ),
      );
      expect(res.filter((r) => r.statusCode !== 201 && r.statusCode !== 409).map((r) => r.body)).toEqual([]);
      const won = res.filter((r) => r.statusCode === 201).length;
      const rows = await race.t.ctx.database.db.execute(sql`select count(*) as n from meetings where event_id = ${race.eventId} and invitee_event_user_id = ${target.eventUserId} and status in (0, 1)`);
      const stored = Number((rows.rows[0] as { n: string }).n);
      if (locked) {
        expect(won).toBe(1);
        expect(stored).toBe(1);
        for (const r of res.filter((x) => x.statusCode === 409)) expect(r.json()).toMatchObject({ code: 'MEETING_PERSON_BUSY', message: 'Tara already has a meeting at 2027-03-02 10:00' });
      } else {
        expect(won).toBeGreaterThan(1);
        expect(stored).toBeGreaterThan(1);
      }
    });
  }
});
