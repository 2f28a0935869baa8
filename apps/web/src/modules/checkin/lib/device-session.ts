import type { TScanDirection } from '@pavilion/domain/checkin/checkin.enums';
import type { TDeviceSelf } from '@pavilion/domain/checkin/checkin.schemas';

/**
 * The paired device, kept in localStorage so the scanner survives a reload or a lost connection: its long-lived token
 * (exchanged once for the one-time code), what the server said about it, and the area and direction chosen here.
 */
export type TDeviceSession = {
  token: string;
  device: TDeviceSelf;
  areaId: string | null;
  direction: TScanDirection;
};

const KEY = 'pavilion.scanner.device';

export const deviceSession = {
  load(): TDeviceSession | null {
    try {
      const raw = localStorage.getItem(KEY);
      if (!raw) return null;
      const value = JSON.parse(raw) as Partial<TDeviceSession>;
      if (typeof value.token !== 'string' || !value.device || typeof value.device.id !== 'string') return null;
      return { token: value.token, device: value.device, areaId: value.areaId ?? null, direction: value.direction === 'out' ? 'out' : 'in' };
    } catch {
      return null;
    }
  },
  save(session: TDeviceSession): void {
    localStorage.setItem(KEY, JSON.stringify(session));
  },
  clear(): void {
    localStorage.removeItem(KEY);
  },
};

/** The chosen area, if the device is still bound to it (the organiser may have re-bound the device). */
export function chosenArea(session: TDeviceSession) {
  return session.device.areas.find((a) => a.id === session.areaId) ?? null;
}
