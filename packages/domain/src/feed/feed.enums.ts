import { defineEnum, type TEnumValue } from '../common/define-enum.ts';

/** SPEC §3.10 Feed post type. */
const feedPostTypeEnum = /*#__PURE__*/ defineEnum({
  Message: [1, 'message'],
  Media: [2, 'media'],
  Introductions: [3, 'introductions'],
  Polls: [4, 'polls'],
});
export const FeedPostType = feedPostTypeEnum.values;
export type TFeedPostType = TEnumValue<typeof feedPostTypeEnum>;
export const FEED_POST_TYPE_LABELS = feedPostTypeEnum.labels;

/** SPEC §3.10 feed media. */
const feedMediaTypeEnum = /*#__PURE__*/ defineEnum({ Image: [1, 'image'], Video: [2, 'video'] });
export const FeedMediaType = feedMediaTypeEnum.values;
export type TFeedMediaType = TEnumValue<typeof feedMediaTypeEnum>;
export const FEED_MEDIA_TYPE_LABELS = feedMediaTypeEnum.labels;

/** SPEC §3.10 feed introduction. */
const introductionTypeEnum = /*#__PURE__*/ defineEnum({ LookingFor: [1, 'looking-for'], Offering: [2, 'offering'] });
export const IntroductionType = introductionTypeEnum.values;
export type TIntroductionType = TEnumValue<typeof introductionTypeEnum>;
export const INTRODUCTION_TYPE_LABELS = introductionTypeEnum.labels;

/** SPEC §3.10 feed poll. */
const pollTypeEnum = /*#__PURE__*/ defineEnum({ SingleChoice: [1, 'single-choice'], MultiChoice: [2, 'multi-choice'] });
export const PollType = pollTypeEnum.values;
export type TPollType = TEnumValue<typeof pollTypeEnum>;
export const POLL_TYPE_LABELS = pollTypeEnum.labels;
