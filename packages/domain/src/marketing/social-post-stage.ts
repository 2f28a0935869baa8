import { defineStatusMachine } from '../status/status-machine.ts';
import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §4 social post stage. */
const socialPostStageEnum = /*#__PURE__*/ defineEnum({
  Draft: [1, 'Draft'],
  Scheduled: [2, 'Scheduled'],
  Initiated: [3, 'Initiated'],
  Published: [4, 'Published'],
  Failed: [5, 'Failed'],
});
export const SocialPostStage = socialPostStageEnum.values;
export type TSocialPostStage = TEnumValue<typeof socialPostStageEnum>;
export const SOCIAL_POST_STAGE_LABELS = socialPostStageEnum.labels;

/**
 * The spec leaves transitions out; these are the ones a user expects. A draft is scheduled or sent now; a scheduled
 * post can go back to draft until the publisher picks it up (Initiated); only the publisher decides Published or
 * Failed; a failed post can be edited, rescheduled or retried; a published post is final.
 */
export const SOCIAL_POST_STAGE_MACHINE = defineStatusMachine<TSocialPostStage>('SocialPostStage', {
  1: [2, 3],
  2: [1, 3],
  3: [4, 5],
  4: [],
  5: [1, 2, 3],
});
export const canTransitionSocialPostStage = SOCIAL_POST_STAGE_MACHINE.canTransition;
export const assertSocialPostStageTransition = SOCIAL_POST_STAGE_MACHINE.assertTransition;
