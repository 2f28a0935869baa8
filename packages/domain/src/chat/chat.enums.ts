import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Online state. */
const onlineStateEnum = /*#__PURE__*/ defineEnum({ Offline: [1, 'Offline'], Online: [2, 'Online'] });
export const OnlineState = onlineStateEnum.values;
export type TOnlineState = TEnumValue<typeof onlineStateEnum>;
export const ONLINE_STATE_LABELS = onlineStateEnum.labels;
