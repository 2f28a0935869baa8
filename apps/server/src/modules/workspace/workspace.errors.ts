import { AppError } from '../../platform/errors.ts';

export const workspaceErrors = {
  roleInUse: (n: number) => new AppError(409, 'ROLE_IN_USE', `This role is assigned to ${n} member(s); assign them another role first`),
  roleNameTaken: () => new AppError(409, 'ROLE_NAME_TAKEN', 'A role with this name already exists', [{ field: 'name', key: 'nameTaken' }]),
  memberExists: () => new AppError(409, 'MEMBER_EXISTS', 'A user with this email already exists', [{ field: 'email', key: 'emailTaken' }]),
  ownerProtected: () => new AppError(409, 'OWNER_PROTECTED', 'The organisation owner cannot be suspended, removed or restricted'),
  selfProtected: () => new AppError(409, 'SELF_PROTECTED', 'You cannot suspend, remove or restrict yourself'),
  invitationInvalid: () => new AppError(410, 'INVITATION_INVALID', 'This invitation has expired, was revoked or was already used'),
  handOverInvalid: () =>
    new AppError(400, 'VALIDATION_FAILED', 'Choose an active member to hand over to', [{ field: 'handOverTo', key: 'invalidMember' }]),
  unknownItem: (field: string) => new AppError(400, 'VALIDATION_FAILED', 'An item does not belong to this organisation', [{ field, key: 'unknownItem' }]),
  unknownRole: () => new AppError(400, 'VALIDATION_FAILED', 'Unknown role', [{ field: 'roleId', key: 'unknownRole' }]),
  unknownRegion: () => new AppError(400, 'VALIDATION_FAILED', 'Unknown region', [{ field: 'regionId', key: 'unknownRegion' }]),
};
