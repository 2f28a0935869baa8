import type { TStatusMachine } from './status-machine.ts';
import { SOCIAL_POST_STAGE_MACHINE } from '../marketing/social-post-stage.ts';
import { MEETING_RESPONSE_STATUS_MACHINE, MEETING_STATUS_MACHINE } from '../meetings/meeting-status.ts';
import {
  DELIVERY_STATUS_MACHINE,
  EMAIL_DELIVERY_STATUS_MACHINE,
  SMS_DELIVERY_STATUS_MACHINE,
} from '../messaging/delivery-status.ts';

/** Every SPEC §4 status machine by name, for code that handles them generically (audit, admin tools). */
export const STATUS_MACHINES = {
  socialPostStage: SOCIAL_POST_STAGE_MACHINE,
  meetingStatus: MEETING_STATUS_MACHINE,
  meetingResponseStatus: MEETING_RESPONSE_STATUS_MACHINE,
  deliveryStatus: DELIVERY_STATUS_MACHINE,
  emailDeliveryStatus: EMAIL_DELIVERY_STATUS_MACHINE,
  smsDeliveryStatus: SMS_DELIVERY_STATUS_MACHINE,
} as const satisfies Record<string, TStatusMachine<number>>;
export type TStatusMachineName = keyof typeof STATUS_MACHINES;

export function canTransition(machine: TStatusMachineName, from: number, to: number): boolean {
  return STATUS_MACHINES[machine].canTransition(from, to);
}

export function assertTransition(machine: TStatusMachineName, from: number, to: number): void {
  STATUS_MACHINES[machine].assertTransition(from, to);
}
