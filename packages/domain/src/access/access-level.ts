import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Access level. */
const accessLevelEnum = /*#__PURE__*/ defineEnum({ AdminAccess: [1, 'Admin Access'], UserAccess: [2, 'User Access'] });
export const AccessLevel = accessLevelEnum.values;
export type TAccessLevel = TEnumValue<typeof accessLevelEnum>;
export const ACCESS_LEVEL_LABELS = accessLevelEnum.labels;
