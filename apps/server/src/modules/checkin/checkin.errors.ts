import { AppError } from '../../platform/errors.ts';

/** Check-in error codes and their HTTP status (the contracts' JSDoc in packages/domain/src/checkin/checkin.routes.ts). Scan refusals are not errors: they are `result` values. */
export const checkinErrors = {
  areaNotFound: () => new AppError(404, 'AREA_NOT_FOUND', 'No such check-in area in this event'),
  areaInUse: () => new AppError(409, 'AREA_IN_USE', 'Devices are still bound to this area; unbind or revoke them first'),
  deviceNotFound: () => new AppError(404, 'DEVICE_NOT_FOUND', 'No such device in this event'),
  deviceGroupNotFound: () => new AppError(404, 'DEVICE_GROUP_NOT_FOUND', 'No such device group in this event'),
  deviceGroupNameTaken: () => new AppError(409, 'DEVICE_GROUP_NAME_TAKEN', 'A device group with this name already exists in this event', [{ field: 'name', key: 'nameTaken' }]),
  unknownDevices: () => new AppError(400, 'VALIDATION_FAILED', 'Unknown device', [{ field: 'deviceIds', key: 'unknownDevice' }]),
  unknownDeviceGroup: () => new AppError(400, 'VALIDATION_FAILED', 'Unknown device group', [{ field: 'groupId', key: 'unknownDeviceGroup' }]),
  deviceRevoked: () => new AppError(409, 'DEVICE_REVOKED', 'This device has been revoked'),
  conflictNotFound: () => new AppError(404, 'CONFLICT_NOT_FOUND', 'No such conflict in this event'),
  registrationNotFound: () => new AppError(404, 'REGISTRATION_NOT_FOUND', 'No such registration in this event'),
  codeInvalid: () => new AppError(400, 'DEVICE_CODE_INVALID', 'This pairing code is unknown, used or expired'),
  tokenMissing: () => new AppError(401, 'DEVICE_TOKEN_MISSING', 'Send the device token as a bearer token or in x-device-token'),
  tokenInvalid: () => new AppError(401, 'DEVICE_TOKEN_INVALID', 'This device token is not valid (revoked, logged out or unknown)'),
  areaNotAssigned: () => new AppError(403, 'AREA_NOT_ASSIGNED', 'This area is not assigned to this device'),
  unknownAreas: (field = 'areaIds') => new AppError(400, 'VALIDATION_FAILED', 'Unknown area', [{ field, key: 'unknownArea' }]),
  relayNotConfigured: () => new AppError(409, 'RELAY_NOT_CONFIGURED', 'This device has no relay URL'),
};
