import type { TSessionInput } from '@pavilion/domain/programme/programme.schemas';
import type { DemoSeeder } from '../demo/index.ts';

/**
 * The demo event's programme, entered as the organiser would in Sessions & agenda: two rooms, two tracks, three
 * speakers and six sessions over the expo's three days (times in the event's zone, Asia/Kolkata), one of them a
 * workshop with booking and few seats, so the Schedule, Speakers and Day grid are not empty on a first start.
 */
export const programmeSeeder: DemoSeeder = {
  name: 'programme',
  async seed(ctx, story) {
    const { caller, organisationId, eventId } = story;
    const p = ctx.programme;
    const plenary = await p.createRoom(caller, organisationId, eventId, { name: 'Plenary Hall A', capacity: 800 });
    const studio = await p.createRoom(caller, organisationId, eventId, { name: 'Innovation Studio', capacity: 40 });
    const energy = await p.createTrack(caller, organisationId, eventId, { name: 'Renewable energy', colour: '#2f9e44' });
    const mobility = await p.createTrack(caller, organisationId, eventId, { name: 'Smart mobility', colour: '#1c7ed6' });
    const speaker = (name: string, title: string, company: string, bio: string) => p.createSpeaker(caller, organisationId, eventId, { name, title, company, bio, links: [], email: null });
    const meera = await speaker('Meera Iyer', 'Chief Technology Officer', 'SolarGrid India', 'Builds grid-scale storage for Indian cities.');
    const arjun = await speaker('Arjun Mehta', 'Head of Mobility', 'Metro Motion', 'Electric buses and the depots that charge them.');
    const lena = await speaker('Lena Fischer', 'Partner', 'Rhein Ventures', 'Invests in climate hardware from Berlin and Bengaluru.');
    const session = (over: Partial<TSessionInput> & Pick<TSessionInput, 'title' | 'start' | 'end'>) =>
      p.createSession(caller, organisationId, eventId, { descriptionHtml: '', sessionType: 'talk', trackId: null, roomId: plenary.id, speakerIds: [], moderatorIds: [], sponsorIds: [], tags: [], ticketIds: [], streamUrl: null, capacity: null, bookingRequired: false, ...over });
    await session({ title: 'Opening keynote: the next decade of clean power', start: '2027-02-16T10:00', end: '2027-02-16T11:00', trackId: energy.id, speakerIds: [meera.id], descriptionHtml: '<p>Where India’s grid goes next, and what it needs from industry.</p>' });
    await session({ title: 'Panel: financing the energy transition', sessionType: 'panel', start: '2027-02-16T11:30', end: '2027-02-16T12:30', trackId: energy.id, speakerIds: [meera.id, lena.id], moderatorIds: [arjun.id], tags: ['Finance', 'Policy'] });
    await session({ title: 'Lunch break', sessionType: 'break', start: '2027-02-16T13:00', end: '2027-02-16T14:00', roomId: null });
    await session({ title: 'Electric fleets in practice', start: '2027-02-17T10:00', end: '2027-02-17T11:00', trackId: mobility.id, speakerIds: [arjun.id] });
    await session({ title: 'Workshop: planning a charging depot', sessionType: 'workshop', start: '2027-02-17T14:00', end: '2027-02-17T16:00', roomId: studio.id, trackId: mobility.id, speakerIds: [arjun.id], capacity: 40, bookingRequired: true, tags: ['Hands-on', 'EV'] });
    await session({ title: 'Closing: investors’ view of climate hardware', start: '2027-02-18T16:00', end: '2027-02-18T17:00', trackId: energy.id, speakerIds: [lena.id] });
  },
};
