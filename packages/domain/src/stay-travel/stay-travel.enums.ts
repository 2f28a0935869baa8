import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Transport staff. */
const transportStaffEnum = /*#__PURE__*/ defineEnum({ Liaison: [1, 'Liaison'], Driver: [2, 'Driver'] });
export const TransportStaff = transportStaffEnum.values;
export type TTransportStaff = TEnumValue<typeof transportStaffEnum>;
export const TRANSPORT_STAFF_LABELS = transportStaffEnum.labels;
