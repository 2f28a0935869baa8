/** SPEC §3.10 Feed post type. */
export const FeedPostType = { Message: 1, Media: 2, Introductions: 3, Polls: 4 } as const;
export type TFeedPostType = (typeof FeedPostType)[keyof typeof FeedPostType];
export const FEED_POST_TYPE_LABELS: Record<TFeedPostType, string> = {
  1: 'message',
  2: 'media',
  3: 'introductions',
  4: 'polls',
};

/** SPEC §3.10 feed media. */
export const FeedMediaType = { Image: 1, Video: 2 } as const;
export type TFeedMediaType = (typeof FeedMediaType)[keyof typeof FeedMediaType];
export const FEED_MEDIA_TYPE_LABELS: Record<TFeedMediaType, string> = { 1: 'image', 2: 'video' };

/** SPEC §3.10 feed introduction. */
export const IntroductionType = { LookingFor: 1, Offering: 2 } as const;
export type TIntroductionType = (typeof IntroductionType)[keyof typeof IntroductionType];
export const INTRODUCTION_TYPE_LABELS: Record<TIntroductionType, string> = { 1: 'looking-for', 2: 'offering' };

/** SPEC §3.10 feed poll. */
export const PollType = { SingleChoice: 1, MultiChoice: 2 } as const;
export type TPollType = (typeof PollType)[keyof typeof PollType];
export const POLL_TYPE_LABELS: Record<TPollType, string> = { 1: 'single-choice', 2: 'multi-choice' };
