import { z } from 'zod';

/** SPEC §3.7 share platforms (spelled exactly as the spec: googleCalender, outlookCalender). */
export const SHARE_PLATFORMS = ['whatsApp', 'linkedIn', 'googleCalender', 'outlookCalender'] as const;
export type TSharePlatform = (typeof SHARE_PLATFORMS)[number];

/** SPEC §3.7 share option. */
export const ZShareOption = z.object({
  platform: z.enum(SHARE_PLATFORMS),
  name: z.string().min(1).max(100),
  active: z.boolean(),
  title: z.string().max(200),
  message: z.string().max(2000),
  includeCurrentPageLink: z.boolean(),
  position: z.number().int().min(1),
});
export type TShareOption = z.infer<typeof ZShareOption>;

export const DEFAULT_SHARE_OPTIONS: readonly TShareOption[] = [
  {
    platform: 'whatsApp',
    name: 'WhatsApp',
    active: true,
    title: 'Share on WhatsApp',
    message: 'Join me at this event!',
    includeCurrentPageLink: true,
    position: 1,
  },
  {
    platform: 'linkedIn',
    name: 'LinkedIn',
    active: true,
    title: 'Share on LinkedIn',
    message: 'I will be attending this event.',
    includeCurrentPageLink: true,
    position: 2,
  },
  {
    platform: 'googleCalender',
    name: 'Google Calendar',
    active: true,
    title: 'Add to Google Calendar',
    message: '',
    includeCurrentPageLink: true,
    position: 3,
  },
  {
    platform: 'outlookCalender',
    name: 'Outlook Calendar',
    active: true,
    title: 'Add to Outlook Calendar',
    message: '',
    includeCurrentPageLink: true,
    position: 4,
  },
];
