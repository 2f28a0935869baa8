import { defineStatusMachine } from '../status/status-machine.ts';

/** SPEC §4 social post stage. */
export const SocialPostStage = { Draft: 1, Scheduled: 2, Initiated: 3, Published: 4, Failed: 5 } as const;
export type TSocialPostStage = (typeof SocialPostStage)[keyof typeof SocialPostStage];
export const SOCIAL_POST_STAGE_LABELS: Record<TSocialPostStage, string> = {
  1: 'Draft',
  2: 'Scheduled',
  3: 'Initiated',
  4: 'Published',
  5: 'Failed',
};

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
