/** WebRTC signalling as the chat socket's `videoChat` carries it (packages/domain chat.socket.ts `signal`). */
export type TSignal = { type: 'offer' | 'answer' | 'candidate'; sdp?: string; candidate?: string; sdpMid?: string | null; sdpMLineIndex?: number | null };

const GATHER_WAIT_MS = 2500;

/** Resolves when ICE gathering completes, or after a while (the rest then trickles). */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, GATHER_WAIT_MS);
    function done() {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    }
    function check() {
      if (pc.iceGatheringState === 'complete') done();
    }
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * One peer connection to one other person (a 1:1 call, or one edge of a table's mesh). The description is sent once
 * the candidates known by then are in it (fewer socket events, under the socket's rate limit); later candidates
 * trickle. `polite`: on an offer collision this side gives way (the "perfect negotiation" pattern).
 */
export function createPeer(opts: {
  iceServers: RTCIceServer[];
  local: MediaStream | null;
  polite: boolean;
  send: (signal: TSignal) => void;
  onRemote: (stream: MediaStream) => void;
  onState?: (state: RTCPeerConnectionState) => void;
  /** The offering side asks for what it does not send (no camera: it still receives video). */
  isOfferer: boolean;
}) {
  const pc = new RTCPeerConnection({ iceServers: opts.iceServers });
  const remote = new MediaStream();
  const pending: RTCIceCandidateInit[] = [];
  let hasSentDescription = false;
  let isClosed = false;

  for (const track of opts.local?.getTracks() ?? []) pc.addTrack(track, opts.local!);
  if (opts.isOfferer) {
    for (const kind of ['audio', 'video'] as const) {
      if (!opts.local?.getTracks().some((t) => t.kind === kind)) pc.addTransceiver(kind, { direction: 'recvonly' });
    }
  }
  pc.ontrack = (e) => {
    if (!remote.getTracks().includes(e.track)) remote.addTrack(e.track);
    opts.onRemote(remote);
  };
  pc.onicecandidate = (e) => {
    if (!hasSentDescription || !e.candidate || !e.candidate.candidate) return;
    opts.send({ type: 'candidate', candidate: e.candidate.candidate, sdpMid: e.candidate.sdpMid, sdpMLineIndex: e.candidate.sdpMLineIndex });
  };
  pc.onconnectionstatechange = () => opts.onState?.(pc.connectionState);

  async function flush() {
    while (pending.length) await pc.addIceCandidate(pending.shift()!).catch(() => undefined);
  }
  async function describe(type: 'offer' | 'answer') {
    await gathered(pc);
    if (isClosed || !pc.localDescription) return;
    opts.send({ type, sdp: pc.localDescription.sdp });
    hasSentDescription = true;
  }

  return {
    pc,
    async offer() {
      await pc.setLocalDescription(await pc.createOffer());
      await describe('offer');
    },
    async handle(signal: TSignal) {
      if (isClosed) return;
      if (signal.type === 'offer' && signal.sdp) {
        const isColliding = pc.signalingState !== 'stable';
        if (isColliding && !opts.polite) return;
        await pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
        await flush();
        await pc.setLocalDescription(await pc.createAnswer());
        await describe('answer');
      } else if (signal.type === 'answer' && signal.sdp) {
        if (pc.signalingState !== 'have-local-offer') return;
        await pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await flush();
      } else if (signal.type === 'candidate' && signal.candidate) {
        const c = { candidate: signal.candidate, sdpMid: signal.sdpMid ?? null, sdpMLineIndex: signal.sdpMLineIndex ?? null };
        if (!pc.remoteDescription) pending.push(c);
        else await pc.addIceCandidate(c).catch(() => undefined);
      }
    },
    close() {
      isClosed = true;
      pc.ontrack = null;
      pc.onicecandidate = null;
      pc.onconnectionstatechange = null;
      pc.close();
    },
  };
}
export type Peer = ReturnType<typeof createPeer>;

/** The camera and microphone, or the microphone alone, or nothing (the call still shows the other side). */
export async function openMedia(): Promise<MediaStream | null> {
  if (!navigator.mediaDevices?.getUserMedia) return null;
  for (const constraints of [{ video: { width: { ideal: 640 }, height: { ideal: 480 } }, audio: true }, { audio: true }]) {
    try {
      return await navigator.mediaDevices.getUserMedia(constraints);
    } catch {
      // try with less
    }
  }
  return null;
}

export function stopMedia(stream: MediaStream | null) {
  for (const t of stream?.getTracks() ?? []) t.stop();
}
