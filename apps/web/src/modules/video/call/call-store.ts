import type { TRtcConfig } from '@pavilion/domain/video/video.schemas';
import type { ParticipantSocket } from '../../chat/index.ts';
import { videoApi } from '../api/video-api.ts';
import { videoToken, VideoSessionExpired } from '../api/video-token.ts';
import { createPeer, openMedia, stopMedia, type Peer, type TSignal } from './peer.ts';

export type TCallPerson = { eventUserId: string; name: string };
export type TCallPhase = 'idle' | 'incoming' | 'outgoing' | 'active' | 'ended';
/** Why an ended call ended (the screen says it). */
export type TCallEnd = 'ended' | 'missed' | 'declined' | 'busy' | 'failed';

export type TCallState = {
  phase: TCallPhase;
  channel: string;
  peer: TCallPerson | null;
  role: 'caller' | 'callee';
  local: MediaStream | null;
  remote: MediaStream | null;
  hasNoMedia: boolean;
  isMuted: boolean;
  isCameraOff: boolean;
  connection: RTCPeerConnectionState;
  end: TCallEnd | null;
  error: string | null;
  /** A call that rang here and was not answered (a notice for the person). */
  missedFrom: string | null;
};

const IDLE: TCallState = { phase: 'idle', channel: '', peer: null, role: 'caller', local: null, remote: null, hasNoMedia: false, isMuted: false, isCameraOff: false, connection: 'new', end: null, error: null, missedFrom: null };

let state: TCallState = IDLE;
const listeners = new Set<() => void>();
let socket: ParticipantSocket | null = null;
let peer: Peer | null = null;
let rtcConfig: Promise<TRtcConfig> | null = null;

function set(patch: Partial<TCallState>) {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}
function config(): Promise<TRtcConfig> {
  rtcConfig ??= videoApi.rtcConfig().catch((err: unknown) => {
    rtcConfig = null;
    throw err;
  });
  return rtcConfig;
}
function cleanup() {
  peer?.close();
  peer = null;
  stopMedia(state.local);
}
function finish(end: TCallEnd, error: string | null = null) {
  cleanup();
  set({ phase: 'ended', end, error, local: null, remote: null });
}
const newChannel = () => `call-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

async function connect(isOfferer: boolean) {
  const { iceServers } = await config();
  const other = state.peer!;
  const channel = state.channel;
  peer = createPeer({
    iceServers: iceServers as RTCIceServer[],
    local: state.local,
    polite: !isOfferer,
    isOfferer,
    send: (signal: TSignal) => void socket?.emit('videoChat', { channel, to: other.eventUserId, signal }),
    onRemote: (remote) => set({ remote }),
    onState: (connection) => {
      set({ connection });
      if (connection === 'failed') finish('failed', 'connection');
    },
  });
  if (isOfferer) await peer.offer();
}

/** Gets the SPEC §7 video token and the media before ringing or answering; false when the call cannot go on. */
async function prepare(): Promise<boolean> {
  const channel = state.channel;
  try {
    await videoToken.token(channel);
    await config();
  } catch (err) {
    if (err instanceof VideoSessionExpired) {
      cleanup();
      state = IDLE;
      for (const l of listeners) l();
    } else finish('failed', (err as { message?: string }).message ?? 'error');
    return false;
  }
  const local = await openMedia();
  if (state.channel !== channel || state.phase === 'ended' || state.phase === 'idle') {
    stopMedia(local);
    return false;
  }
  set({ local, hasNoMedia: !local });
  return true;
}

/**
 * The participant's one call at a time, shared by every page (the start buttons) and the call host mounted on every
 * attendee page (which hands it the socket and feeds it the socket's call events).
 */
export const calls = {
  get: () => state,
  subscribe(fn: () => void) {
    listeners.add(fn);
    return () => void listeners.delete(fn);
  },
  attach(s: ParticipantSocket | null) {
    socket = s;
  },
  isAvailable: () => !!socket?.isConnected,

  /** Rings `other` (SPEC §7 videoCall); `channel` defaults to a new one (a virtual meeting passes its own). */
  async start(other: TCallPerson, channel: string = newChannel()) {
    if (state.phase !== 'idle' && state.phase !== 'ended') return;
    cleanup();
    set({ ...IDLE, phase: 'outgoing', channel, peer: other, role: 'caller' });
    if (!(await prepare())) return;
    const ack = await socket!.emit('videoCall', { to: other.eventUserId, channel });
    if (!ack.ok && state.channel === channel) finish(ack.code === 'CALL_BUSY' ? 'busy' : 'failed', ack.message);
  },
  async accept() {
    if (state.phase !== 'incoming') return;
    set({ phase: 'active', connection: 'connecting' });
    if (!(await prepare())) {
      void socket?.emit('receivedCall', { channel: state.channel, isAccepted: false });
      return;
    }
    await connect(false);
    const ack = await socket!.emit('receivedCall', { channel: state.channel, isAccepted: true });
    if (!ack.ok) finish('failed', ack.message);
  },
  decline() {
    if (state.phase !== 'incoming') return;
    void socket?.emit('receivedCall', { channel: state.channel, isAccepted: false });
    state = IDLE;
    for (const l of listeners) l();
  },
  hangUp() {
    if (state.channel) void socket?.emit('endCall', { channel: state.channel });
    cleanup();
    state = IDLE;
    for (const l of listeners) l();
  },
  close() {
    cleanup();
    state = IDLE;
    for (const l of listeners) l();
  },
  toggleMute() {
    const isMuted = !state.isMuted;
    for (const t of state.local?.getAudioTracks() ?? []) t.enabled = !isMuted;
    set({ isMuted });
  },
  toggleCamera() {
    const isCameraOff = !state.isCameraOff;
    for (const t of state.local?.getVideoTracks() ?? []) t.enabled = !isCameraOff;
    set({ isCameraOff });
  },
  dismissMissed() {
    set({ missedFrom: null });
  },

  /* The socket's call events (the host subscribes these). */
  onIncoming(p: { channel: string; from: TCallPerson }) {
    if (state.phase === 'incoming' || state.phase === 'outgoing' || state.phase === 'active') return;
    cleanup();
    set({ ...IDLE, phase: 'incoming', channel: p.channel, peer: p.from, role: 'callee' });
  },
  onReceived(p: { channel: string; isAccepted: boolean }) {
    if (p.channel !== state.channel) return;
    if (state.role === 'caller' && state.phase === 'outgoing') {
      if (!p.isAccepted) return finish('declined');
      set({ phase: 'active', connection: 'connecting' });
      void connect(true).catch((err: unknown) => finish('failed', (err as Error).message));
    } else if (state.role === 'callee' && state.phase === 'incoming') {
      // Answered or declined in another tab or device of mine: this one stops ringing.
      state = IDLE;
      for (const l of listeners) l();
    }
  },
  onEnd(p: { channel: string; reason?: 'ended' | 'missed' | 'declined' }) {
    if (p.channel !== state.channel || state.phase === 'idle') return;
    if (state.phase === 'incoming') {
      const from = state.peer?.name ?? null;
      state = { ...IDLE, missedFrom: p.reason === 'missed' ? from : null };
      for (const l of listeners) l();
      return;
    }
    finish(p.reason ?? 'ended');
  },
  onSignal(p: { channel: string; from: string; signal: TSignal }) {
    if (p.channel !== state.channel || p.from !== state.peer?.eventUserId || !peer) return;
    void peer.handle(p.signal).catch(() => undefined);
  },
};
