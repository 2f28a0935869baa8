import { defineStatusMachine, restrictStatusMachine } from '../status/status-machine.ts';
import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §4 message delivery status. */
const deliveryStatusEnum = /*#__PURE__*/ defineEnum({
  Initiated: [1, 'Initiated'],
  Sent: [2, 'Sent'],
  Delivered: [3, 'Delivered'],
  Failed: [4, 'Failed'],
  Read: [5, 'Read'],
  Unknown: [6, 'Unknown'],
});
export const DeliveryStatus = deliveryStatusEnum.values;
export type TDeliveryStatus = TEnumValue<typeof deliveryStatusEnum>;
export const DELIVERY_STATUS_LABELS = deliveryStatusEnum.labels;

/** SPEC §4: email uses Initiated, Sent, Failed and Read; SMS uses Initiated, Sent and Failed. */
export const EMAIL_DELIVERY_STATUSES = [1, 2, 4, 5] as const satisfies readonly TDeliveryStatus[];
export const SMS_DELIVERY_STATUSES = [1, 2, 4] as const satisfies readonly TDeliveryStatus[];
export type TEmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];
export type TSmsDeliveryStatus = (typeof SMS_DELIVERY_STATUSES)[number];

/**
 * Status only moves forward: Initiated → Sent → Delivered → Read. A provider may report a later status directly
 * (Sent → Read). Failed and Read are final; a delivered message cannot go back to sent. Unknown is a provider's
 * "don't know yet" and resolves to any concrete later status.
 */
export const DELIVERY_STATUS_MACHINE = defineStatusMachine<TDeliveryStatus>('DeliveryStatus', {
  1: [2, 3, 4, 5, 6],
  2: [3, 4, 5, 6],
  3: [5],
  4: [],
  5: [],
  6: [2, 3, 4, 5],
});
export const canTransitionDeliveryStatus = DELIVERY_STATUS_MACHINE.canTransition;
export const assertDeliveryStatusTransition = DELIVERY_STATUS_MACHINE.assertTransition;

export const EMAIL_DELIVERY_STATUS_MACHINE = restrictStatusMachine(
  DELIVERY_STATUS_MACHINE,
  'EmailDeliveryStatus',
  EMAIL_DELIVERY_STATUSES,
);
export const SMS_DELIVERY_STATUS_MACHINE = restrictStatusMachine(
  DELIVERY_STATUS_MACHINE,
  'SmsDeliveryStatus',
  SMS_DELIVERY_STATUSES,
);
