import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { type TChatControl, type TLiveMessage, type TLivePoll, type TLiveQuestion, type TLiveRoom, type TNowPlaying } from '@pavilion/domain';
import { bearer, signupOrganiser } from '../../test/test-app.ts';
import { ackData as data, arrives, emit, next, participantHeaders as headers, startSocketCluster, type Instance, type Participant as Person, type SocketCluster } from '../../test/chat-sockets.ts';
import { createEvent } from '../registration/registration.fixtures.ts';

// Two app instances on one database joined by Redis (CI sets REDIS_URL), as two server processes are.

let cluster: SocketCluster;
let one: Instance;
let two: Instance;
let hostA = '';
let hostB = '';
let expo = '';
let keynote = '';
let panel = '';
let summitTalk = '';
let foreignTalk = '';
let ann: Person;
let ben: Person;
let cat: Person;
let spk: Person;

const participant = (host: string, eventId: string, firstName: string, email?: string) => cluster.participant(host, eventId, firstName, { email });
async function organiserCall(host: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return one.app.inject({ method, url, headers: bearer(host), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}
async function createSession(host: string, eventId: string, title: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await organiserCall(host, 'POST', `/api/scheduleservices/api/events/${eventId}/sessions`, {
    title,
    descriptionHtml: '',
    sessionType: 'talk',
    trackId: null,
    roomId: null,
    start: '2027-03-02T09:00',
    end: '2027-03-02T10:00',
    speakerIds: [],
    capacity: null,
    bookingRequired: false,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

const open = (url: string, p: Person) => cluster.open(url, p);
const live = (p: Person, sessionId: string, rest = '') => `/api/chatservices/api/events/${p.eventId}/sessions/${sessionId}/live${rest}`;
const consoleUrl = (eventId: string, sessionId: string, rest = '') => `/api/chatservices/api/events/${eventId}/sessions/${sessionId}/console${rest}`;
async function joined(url: string, p: Person, sessionId: string): Promise<Socket> {
  const s = await open(url, p);
  expect(await emit(s, 'messageSession', { sessionId, join: true })).toEqual({ ok: true, data: { sessionId, joined: true } });
  return s;
}

beforeAll(async () => {
  cluster = await startSocketCluster();
  ({ one, two } = cluster);
  hostA = (await signupOrganiser(one.app, { organisationName: 'Live Org' })).accessToken;
  hostB = (await signupOrganiser(one.app, { organisationName: 'Other Live Org' })).accessToken;
  expo = await createEvent(one.app, hostA, 'Live Expo');
  const summit = await createEvent(one.app, hostA, 'Live Summit');
  const foreign = await createEvent(one.app, hostB, 'Foreign Live Fair');
  const speakerEmail = `speaker-${Date.now()}@example.com`;
  const speaker = await organiserCall(hostA, 'POST', `/api/scheduleservices/api/events/${expo}/speakers`, { name: 'Sam Speaker', title: '', company: '', bio: '', links: [], email: speakerEmail });
  expect(speaker.statusCode).toBe(201);
  keynote = await createSession(hostA, expo, 'Keynote', { speakerIds: [speaker.json().data.id] });
  panel = await createSession(hostA, expo, 'Panel', { start: '2027-03-02T11:00', end: '2027-03-02T12:00' });
  summitTalk = await createSession(hostA, summit, 'Summit talk');
  foreignTalk = await createSession(hostB, foreign, 'Foreign talk');
  ann = await participant(hostA, expo, 'Ann');
  ben = await participant(hostA, expo, 'Ben');
  cat = await participant(hostA, summit, 'Cat');
  spk = await participant(hostA, expo, 'Sam', speakerEmail);
});
afterAll(async () => {
  await cluster?.close();
});

describe('live session room (issue 17)', () => {
  it('joins only a session of the participant own event, and refuses forged or invalid payloads', async () => {
    const a = await open(one.url, ann);
    expect(await emit(a, 'messageSession', { sessionId: keynote, join: true })).toEqual({ ok: true, data: { sessionId: keynote, joined: true } });
    const ctl = next<TChatControl>(a, 'CTL');
    expect(await emit(a, 'messageSession', { sessionId: summitTalk, join: true })).toMatchObject({ ok: false, code: 'LIVE_SESSION_NOT_FOUND' });
    expect(await ctl).toMatchObject({ event: 'messageSession', code: 'LIVE_SESSION_NOT_FOUND' });
    expect(await emit(a, 'messageSession', { sessionId: foreignTalk, join: true })).toMatchObject({ ok: false, code: 'LIVE_SESSION_NOT_FOUND' });
    expect(await emit(a, 'messageSession', { sessionId: foreignTalk, content: 'hello there' })).toMatchObject({ ok: false, code: 'LIVE_SESSION_NOT_FOUND' });
    expect(await emit(a, 'messageQNA', { sessionId: summitTalk, question: 'Why?' })).toMatchObject({ ok: false, code: 'LIVE_SESSION_NOT_FOUND' });
    // Invalid shapes: nothing to say, an empty or too long message, a forged sender field, a vote out of range.
    for (const bad of [{ sessionId: keynote }, { sessionId: keynote, content: '   ' }, { sessionId: keynote, content: 'x'.repeat(1001) }, { sessionId: keynote, content: 'hi', from: { eventUserId: ben.eventUserId } }]) {
      expect(await emit(a, 'messageSession', bad)).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    }
    expect(await emit(a, 'messageQNA', { sessionId: keynote, questionId: 'q', action: 'delete' })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await emit(a, 'sessionPoll', { sessionId: keynote, pollId: 'p', vote: 6 })).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(await emit(a, 'messageSession', { sessionId: keynote, content: '<script>alert(1)</script>' })).toMatchObject({ ok: false, code: '1001' });
    expect(await emit(a, 'messageQNA', { sessionId: keynote, question: '<img src=x onerror=alert(1)>' })).toMatchObject({ ok: false, code: '1001' });
    expect(a.connected).toBe(true);
  });

  it('delivers session chat live to the room on both instances, stored first, with paged history', async () => {
    const a = await joined(one.url, ann, keynote);
    const b = await joined(two.url, ben, keynote);
    const other = await joined(two.url, spk, panel);
    const got = next<TLiveMessage>(b, 'messageSession');
    const missed = arrives(other, 'messageSession');
    const sent = data(await emit<TLiveMessage>(a, 'messageSession', { sessionId: keynote, content: '  Hello room  ', clientId: 'm-1' }));
    expect(sent).toMatchObject({ sessionId: keynote, content: 'Hello room', from: { eventUserId: ann.eventUserId, name: 'Ann' } });
    expect(await got).toEqual(sent);
    expect(await missed).toBe(false);
    // A retry with the same clientId answers the stored message.
    expect(await emit(a, 'messageSession', { sessionId: keynote, content: 'Hello room', clientId: 'm-1' })).toEqual({ ok: true, data: sent });
    data(await emit(b, 'messageSession', { sessionId: keynote, content: 'Hi Ann' }));
    const page = await one.app.inject({ url: live(ben, keynote, '/messages?limit=1'), headers: headers(ben) });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ hasMore: true, messages: [{ content: 'Hi Ann' }] });
    const older = await one.app.inject({ url: live(ben, keynote, `/messages?limit=1&before=${page.json().data.messages[0].id}`), headers: headers(ben) });
    expect(older.json().data).toMatchObject({ hasMore: false, messages: [{ content: 'Hello room' }] });
    // Cat (another event): her own event in the path does not have the session; Ann's event is not hers.
    const catUrl = `/api/chatservices/api/events/${cat.eventId}/sessions/${keynote}/live/messages`;
    expect((await one.app.inject({ url: catUrl, headers: headers(cat) })).json()).toMatchObject({ code: 'LIVE_SESSION_NOT_FOUND' });
    expect((await one.app.inject({ url: live(ann, keynote, '/messages'), headers: headers(cat) })).json()).toMatchObject({ code: 'LIVE_NOT_PARTICIPANT' });
    expect((await one.app.inject({ url: live(ann, keynote, '/messages?limit=500'), headers: headers(ann) })).statusCode).toBe(400);
    expect((await one.app.inject({ url: live(ann, keynote) })).statusCode).toBe(401);
  });

  it('takes questions, one upvote per person (a toggle), and lets only moderators answer or hide', async () => {
    const a = await joined(one.url, ann, keynote);
    const b = await joined(two.url, ben, keynote);
    const s = await joined(one.url, spk, keynote);
    const heard = next<TLiveQuestion>(b, 'messageQNA');
    const q = data(await emit<TLiveQuestion>(a, 'messageQNA', { sessionId: keynote, question: 'Will the slides be shared?' }));
    expect(q).toMatchObject({ question: 'Will the slides be shared?', upvotes: 0, isAnswered: false, isHidden: false, from: { name: 'Ann' } });
    expect(await heard).toEqual(q);
    const upvote = { sessionId: keynote, questionId: q.id, action: 'upvote' };
    const counted = next<TLiveQuestion>(a, 'messageQNA', (x) => x.id === q.id && x.upvotes === 1);
    expect(await emit(b, 'messageQNA', upvote)).toMatchObject({ ok: true, data: { upvotes: 1, isUpvotedByMe: true } });
    await counted;
    expect(await emit(b, 'messageQNA', upvote)).toMatchObject({ ok: true, data: { upvotes: 0, isUpvotedByMe: false } });
    expect(await emit(b, 'messageQNA', upvote)).toMatchObject({ ok: true, data: { upvotes: 1 } });
    expect(await emit(s, 'messageQNA', upvote)).toMatchObject({ ok: true, data: { upvotes: 2 } });
    expect(await emit(a, 'messageQNA', upvote)).toMatchObject({ ok: false, code: 'LIVE_OWN_QUESTION' });
    // Concurrent toggles by one person still leave one vote or none, never two.
    await Promise.all([emit(b, 'messageQNA', upvote), emit(b, 'messageQNA', upvote), emit(b, 'messageQNA', upvote)]);
    const room = (await one.app.inject({ url: live(ben, keynote), headers: headers(ben) })).json().data as TLiveRoom;
    const mine = room.myUpvotes.includes(q.id);
    expect(room.questions.find((x) => x.id === q.id)?.upvotes).toBe(mine ? 2 : 1);
    // Only a moderator answers or hides: not Ann or Ben; yes the session's speaker (by their account's email).
    expect(await emit(b, 'messageQNA', { sessionId: keynote, questionId: q.id, action: 'answer' })).toMatchObject({ ok: false, code: 'LIVE_NOT_MODERATOR' });
    expect(await emit(a, 'messageQNA', { sessionId: keynote, questionId: q.id, action: 'hide' })).toMatchObject({ ok: false, code: 'LIVE_NOT_MODERATOR' });
    const answered = next<TLiveQuestion>(b, 'messageQNA', (x) => x.isAnswered);
    expect(await emit(s, 'messageQNA', { sessionId: keynote, questionId: q.id, action: 'answer' })).toMatchObject({ ok: true, data: { isAnswered: true } });
    expect(await answered).toMatchObject({ id: q.id, isAnswered: true });
    expect(room.me.isModerator).toBe(false);
    expect((await one.app.inject({ url: live(spk, keynote), headers: headers(spk) })).json().data.me.isModerator).toBe(true);
    // The organiser's console hides it: the room hears it, and it leaves the participants' list (not the console's).
    const hidden = next<TLiveQuestion>(a, 'messageQNA', (x) => x.isHidden);
    const res = await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, `/questions/${q.id}`), { action: 'hide' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await hidden).toMatchObject({ id: q.id, isHidden: true });
    expect(((await one.app.inject({ url: live(ben, keynote), headers: headers(ben) })).json().data as TLiveRoom).questions.map((x) => x.id)).not.toContain(q.id);
    expect((await organiserCall(hostA, 'GET', consoleUrl(expo, keynote))).json().data.questions).toContainEqual(expect.objectContaining({ id: q.id, isHidden: true }));
    expect(await emit(b, 'messageQNA', upvote)).toMatchObject({ ok: false, code: 'LIVE_QUESTION_NOT_FOUND' });
    // Another organisation's organiser, or a question of another session: refused.
    expect((await organiserCall(hostB, 'POST', consoleUrl(expo, keynote, `/questions/${q.id}`), { action: 'answer' })).statusCode).toBe(404);
    expect((await organiserCall(hostB, 'GET', consoleUrl(expo, keynote))).statusCode).toBe(404);
    expect((await organiserCall(hostA, 'POST', consoleUrl(expo, panel, `/questions/${q.id}`), { action: 'answer' })).json()).toMatchObject({ code: 'LIVE_QUESTION_NOT_FOUND' });
    expect((await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, `/questions/${q.id}`), { action: 'upvote' })).statusCode).toBe(400);
  });

  it('runs a poll: only moderators push and close it, each person votes once, results go live', async () => {
    const a = await joined(one.url, ann, keynote);
    const b = await joined(two.url, ben, keynote);
    const s = await joined(two.url, spk, keynote);
    expect((await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, '/polls'), { question: 'One option?', options: ['Only'] })).statusCode).toBe(400);
    expect((await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, '/polls'), { question: 'Seven?', options: ['1', '2', '3', '4', '5', '6', '7'] })).statusCode).toBe(400);
    expect((await organiserCall(hostB, 'POST', consoleUrl(expo, keynote, '/polls'), { question: 'Theirs?', options: ['a', 'b'] })).statusCode).toBe(404);
    const created = await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, '/polls'), { question: 'Which day suits you?', options: ['Monday', 'Tuesday'] });
    expect(created.statusCode, created.body).toBe(201);
    const pollId = (created.json().data as TLivePoll).pollId;
    // A draft is not votable nor shown to the audience; a participant cannot push it.
    expect(await emit(a, 'sessionPoll', { sessionId: keynote, pollId, vote: 0 })).toMatchObject({ ok: false, code: 'LIVE_POLL_NOT_FOUND' });
    expect(await emit(b, 'sessionPoll', { sessionId: keynote, pollId })).toMatchObject({ ok: false, code: 'LIVE_NOT_MODERATOR' });
    expect((await organiserCall(hostB, 'POST', consoleUrl(expo, keynote, `/polls/${pollId}/push`))).statusCode).toBe(404);
    const pushedA = next<TLivePoll>(a, 'sessionPoll', (p) => p.pollId === pollId && p.status === 'live');
    const pushedB = next<TLivePoll>(b, 'sessionPoll', (p) => p.pollId === pollId && p.status === 'live');
    const push = await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, `/polls/${pollId}/push`));
    expect(push.statusCode, push.body).toBe(200);
    expect(await pushedA).toMatchObject({ question: 'Which day suits you?', options: [{ label: 'Monday', votes: 0 }, { label: 'Tuesday', votes: 0 }], totalVotes: 0 });
    await pushedB;
    const counted = next<TLivePoll>(b, 'sessionPoll', (p) => p.totalVotes === 1);
    expect(await emit(a, 'sessionPoll', { sessionId: keynote, pollId, vote: 1 })).toMatchObject({ ok: true, data: { myVote: 1, options: [{ votes: 0 }, { votes: 1 }] } });
    expect(await counted).toMatchObject({ options: [{ votes: 0 }, { votes: 1 }] });
    expect(await emit(a, 'sessionPoll', { sessionId: keynote, pollId, vote: 0 })).toMatchObject({ ok: false, code: 'LIVE_ALREADY_VOTED' });
    expect(await emit(b, 'sessionPoll', { sessionId: keynote, pollId, vote: 2 })).toMatchObject({ ok: false, code: 'LIVE_BAD_OPTION' });
    // Ben votes twice at once: one is counted.
    const both = await Promise.all([emit(b, 'sessionPoll', { sessionId: keynote, pollId, vote: 0 }), emit(b, 'sessionPoll', { sessionId: keynote, pollId, vote: 0 })]);
    expect(both.filter((x) => x.ok)).toHaveLength(1);
    const room = (await one.app.inject({ url: live(ben, keynote), headers: headers(ben) })).json().data as TLiveRoom;
    expect(room).toMatchObject({ poll: { pollId, status: 'live', totalVotes: 2 }, myVote: 0 });
    // The speaker closes it; a vote after that is refused; the audience still sees the results.
    const closed = next<TLivePoll>(a, 'sessionPoll', (p) => p.status === 'closed');
    expect(await emit(b, 'sessionPoll', { sessionId: keynote, pollId, close: true })).toMatchObject({ ok: false, code: 'LIVE_NOT_MODERATOR' });
    expect(await emit(s, 'sessionPoll', { sessionId: keynote, pollId, close: true })).toMatchObject({ ok: true, data: { status: 'closed', totalVotes: 2 } });
    expect(await closed).toMatchObject({ pollId, totalVotes: 2 });
    expect(await emit(s, 'sessionPoll', { sessionId: keynote, pollId, vote: 0 })).toMatchObject({ ok: false, code: 'LIVE_POLL_NOT_LIVE' });
    expect((await organiserCall(hostA, 'POST', consoleUrl(expo, keynote, `/polls/${pollId}/push`))).json()).toMatchObject({ code: 'LIVE_POLL_CLOSED' });
    expect((await one.app.inject({ url: live(ann, keynote), headers: headers(ann) })).json().data).toMatchObject({ poll: { pollId, status: 'closed' }, myVote: 1 });
  });

  it('switches the now-playing session live for the whole event, and says noLive when it ends', async () => {
    const a = await open(one.url, ann);
    const b = await open(two.url, ben);
    expect(await emit(b, 'sessionNowPlay', { sessionId: keynote })).toMatchObject({ ok: false, code: 'LIVE_NOT_MODERATOR' });
    const playingA = next<TNowPlaying>(a, 'sessionNowPlay');
    const playingB = next<TNowPlaying>(b, 'sessionNowPlay');
    const set = await organiserCall(hostA, 'PUT', consoleUrl(expo, keynote, '/now-playing'), { isLive: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(await playingA).toMatchObject({ sessionId: keynote, title: 'Keynote', roomId: null });
    await playingB;
    // The panel (same main stage) replaces it: the keynote's audience hears noLive.
    const ended = next<{ sessionId: string }>(a, 'noLive');
    const s = await open(one.url, spk);
    expect(await emit(s, 'sessionNowPlay', { sessionId: keynote, isLive: true })).toMatchObject({ ok: true });
    expect((await organiserCall(hostA, 'PUT', consoleUrl(expo, panel, '/now-playing'), { isLive: true })).statusCode).toBe(200);
    expect(await ended).toEqual({ sessionId: keynote, roomId: null });
    const list = await one.app.inject({ url: `/api/chatservices/api/events/${expo}/live/now-playing`, headers: headers(ann) });
    expect(list.json().data.items).toEqual([expect.objectContaining({ sessionId: panel, title: 'Panel' })]);
    const off = next<{ sessionId: string }>(b, 'noLive');
    expect((await organiserCall(hostA, 'PUT', consoleUrl(expo, panel, '/now-playing'), { isLive: false })).statusCode).toBe(200);
    expect(await off).toEqual({ sessionId: panel, roomId: null });
    expect((await one.app.inject({ url: `/api/chatservices/api/events/${expo}/live/now-playing`, headers: headers(ann) })).json().data.items).toEqual([]);
    expect((await organiserCall(hostB, 'PUT', consoleUrl(expo, panel, '/now-playing'), { isLive: true })).statusCode).toBe(404);
    // Cat (another event) hears nothing of this event's stage.
    const c = await open(one.url, cat);
    const heard = arrives(c, 'sessionNowPlay');
    await organiserCall(hostA, 'PUT', consoleUrl(expo, keynote, '/now-playing'), { isLive: true });
    expect(await heard).toBe(false);
  });

  it('reports per-session counts to the organiser of the event only', async () => {
    const res = await organiserCall(hostA, 'GET', `/api/chatservices/api/events/${expo}/live/report`);
    expect(res.statusCode, res.body).toBe(200);
    const keynoteRow = (res.json().data.items as { sessionId: string }[]).find((r) => r.sessionId === keynote);
    expect(keynoteRow).toMatchObject({ title: 'Keynote', messages: 2, questions: 1, polls: 1, pollVotes: 2 });
    expect((await organiserCall(hostB, 'GET', `/api/chatservices/api/events/${expo}/live/report`)).statusCode).toBe(404);
  });
});
