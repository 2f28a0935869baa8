/**
 * A small client of Janus's HTTP API (VideoRoom plugin) for a table's video through the SFU (issue 17): one session,
 * one participant handle joined under the id and display name the server assigned (it sends the camera while video is
 * on: `publish`/`unpublish`), one subscriber handle per other publisher, received whether or not one's own camera is
 * on. Half-trickle: each side's SDP carries its candidates (Janus's default), so no candidate is trickled. Events
 * arrive on the session's long poll. Loaded lazily by the table's video (the entry chunk does not carry it).
 */
type Jsep = { type: RTCSdpType; sdp: string; trickle?: boolean };
type PluginData = Record<string, unknown> & { videoroom?: string; error?: string; error_code?: number };
type JanusEvent = { janus: string; sender?: number; transaction?: string; plugindata?: { data: PluginData }; jsep?: Jsep; error?: { code: number; reason: string } };
type Publisher = { id: number; display?: string };

export type JanusRoomOptions = {
  url: string;
  /** The core token (the VideoRoom plugin only, signed and expiring) and the seat's room token, both from the server. */
  token: string;
  roomToken: string;
  roomId: number;
  /** Who this is in the room, as the server assigned: the publisher id and display name (the person's profile name). */
  publisherId: number;
  display: string;
  iceServers: RTCIceServer[];
  /** Another publisher's stream (grows as its tracks arrive), keyed by its publisher id, with its display name. */
  onRemote(id: number, display: string, stream: MediaStream): void;
  onRemoteGone(id: number): void;
  onError(message: string): void;
  /** The room sent this participant away (they left the table, sat down elsewhere, or the table was deleted). */
  onEnded(): void;
};
export type JanusRoom = {
  /** Sends this stream's tracks to the room (a fresh peer connection each time: Janus ends it on unpublish). */
  publish(local: MediaStream): Promise<void>;
  unpublish(): Promise<void>;
  close(): void;
};

const gathered = (pc: RTCPeerConnection) =>
  new Promise<void>((resolve) => {
    if (pc.iceGatheringState === 'complete') return resolve();
    const done = () => {
      if (pc.iceGatheringState !== 'complete') return;
      pc.removeEventListener('icegatheringstatechange', done);
      resolve();
    };
    pc.addEventListener('icegatheringstatechange', done);
    // Host candidates come at once on one network; do not hang on an unreachable STUN/TURN server.
    setTimeout(resolve, 3000);
  });

export async function joinJanusRoom(o: JanusRoomOptions): Promise<JanusRoom> {
  let closed = false;
  let n = 0;
  const listeners = new Map<number, (e: JanusEvent) => void>();
  const peers = new Map<number, RTCPeerConnection>();
  const subscribers = new Map<number, { handle: number; display: string }>();
  /** The participant's private id in the room: subscriptions name it (the room requires it, so a kick ends them too). */
  let privateId: number | undefined;

  const post = async (path: string, body: Record<string, unknown>): Promise<JanusEvent> => {
    const res = await fetch(`${o.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, token: o.token, transaction: `t${++n}` }) });
    const reply = (await res.json()) as JanusEvent;
    if (reply.janus === 'error') throw new Error(reply.error?.reason ?? 'Janus error');
    return reply;
  };
  const session = (await post('', { janus: 'create' })) as JanusEvent & { data: { id: number } };
  const sid = session.data.id;
  const attach = async (onEvent: (e: JanusEvent) => void) => {
    const h = ((await post(`/${sid}`, { janus: 'attach', plugin: 'janus.plugin.videoroom' })) as JanusEvent & { data: { id: number } }).data.id;
    listeners.set(h, onEvent);
    return h;
  };
  const send = (handle: number, body: Record<string, unknown>, jsep?: Jsep) => post(`/${sid}/${handle}`, { janus: 'message', body: { ...body, token: o.roomToken }, ...(jsep ? { jsep } : {}) });

  // The long poll: every event of the session, dispatched to its handle.
  void (async () => {
    while (!closed) {
      try {
        const res = await fetch(`${o.url}/${sid}?maxev=10&rid=${Date.now()}&token=${encodeURIComponent(o.token)}`);
        const body = (await res.json()) as JanusEvent | JanusEvent[];
        for (const e of Array.isArray(body) ? body : [body]) if (e.sender !== undefined) listeners.get(e.sender)?.(e);
      } catch {
        if (!closed) await new Promise((r) => setTimeout(r, 1000));
      }
    }
  })();

  const unsubscribe = (feed: number) => {
    const sub = subscribers.get(feed);
    if (!sub) return;
    subscribers.delete(feed);
    peers.get(sub.handle)?.close();
    peers.delete(sub.handle);
    listeners.delete(sub.handle);
    void post(`/${sid}/${sub.handle}`, { janus: 'detach' }).catch(() => undefined);
    o.onRemoteGone(feed);
  };

  const subscribe = async (p: Publisher) => {
    if (subscribers.has(p.id) || closed) return;
    const display = p.display ?? String(p.id);
    const stream = new MediaStream();
    const handle = await attach((e) => {
      // An answer can fail because the feed went meanwhile (its publisher turned video off: the handle is detached and
      // Janus says "Unexpected ANSWER"); only a failure of a subscription still wanted is worth telling.
      if (e.jsep?.type === 'offer') void answer(e.jsep).catch((err: Error) => {
          if (!closed && subscribers.get(p.id)?.handle === handle) o.onError(err.message);
        });
      const data = e.plugindata?.data;
      if (data?.error) o.onError(data.error);
    });
    subscribers.set(p.id, { handle, display });
    const pc = new RTCPeerConnection({ iceServers: o.iceServers });
    peers.set(handle, pc);
    pc.ontrack = (ev) => {
      stream.addTrack(ev.track);
      o.onRemote(p.id, display, stream);
    };
    const answer = async (offer: Jsep) => {
      await pc.setRemoteDescription({ type: offer.type, sdp: offer.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      await send(handle, { request: 'start' }, { type: 'answer', sdp: pc.localDescription!.sdp, trickle: false });
    };
    await send(handle, { request: 'join', ptype: 'subscriber', room: o.roomId, private_id: privateId, streams: [{ feed: p.id }] });
  };

  const onPublishers = (data: PluginData) => {
    for (const p of (data.publishers as Publisher[] | undefined) ?? []) void subscribe(p).catch((e: Error) => o.onError(e.message));
    for (const key of ['unpublished', 'leaving', 'kicked'] as const) {
      const id = data[key];
      if (typeof id === 'number') unsubscribe(id);
    }
  };

  // The participant: join under the server's id and name (the others already publishing come with the answer).
  let publisherPc: RTCPeerConnection | null = null;
  let participant = 0;
  let settle: { resolve(): void; reject(e: Error): void } = { resolve: () => undefined, reject: () => undefined };
  const joined = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  const shut = () => {
    closed = true;
    for (const pc of peers.values()) pc.close();
    peers.clear();
    publisherPc?.close();
    void post(`/${sid}`, { janus: 'destroy' }).catch(() => undefined);
  };
  try {
    participant = await attach((e) => {
      const data = e.plugindata?.data;
      if (data?.error) {
        o.onError(data.error);
        settle.reject(new Error(data.error));
      }
      if (data?.videoroom === 'joined') {
        privateId = data.private_id as number | undefined;
        settle.resolve();
      }
      // Sent away (kicked: left the table or sat down elsewhere) or the room destroyed (the table deleted).
      if ((data?.leaving === 'ok' && data.reason === 'kicked') || data?.videoroom === 'destroyed') {
        if (!closed) {
          shut();
          o.onEnded();
        }
        return;
      }
      if (data) onPublishers(data);
      if (e.jsep?.type === 'answer') void publisherPc?.setRemoteDescription({ type: 'answer', sdp: e.jsep.sdp }).catch((err: Error) => o.onError(err.message));
    });
    await send(participant, { request: 'join', ptype: 'publisher', room: o.roomId, id: o.publisherId, display: o.display });
    await Promise.race([joined, new Promise((_, reject) => setTimeout(() => reject(new Error('The media server did not answer')), 15_000))]);
  } catch (e) {
    shut();
    throw e;
  }

  return {
    async publish(local) {
      const tracks = local.getTracks();
      if (closed || tracks.length === 0) return;
      publisherPc?.close();
      const pc = new RTCPeerConnection({ iceServers: o.iceServers });
      publisherPc = pc;
      for (const track of tracks) pc.addTransceiver(track, { direction: 'sendonly', streams: [local] });
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      await send(participant, { request: 'publish' }, { type: 'offer', sdp: pc.localDescription!.sdp, trickle: false });
    },
    async unpublish() {
      const pc = publisherPc;
      publisherPc = null;
      pc?.close();
      if (pc && !closed) await send(participant, { request: 'unpublish' }).catch(() => undefined);
    },
    close() {
      if (!closed) shut();
    },
  };
}
