import { z } from 'zod';

/** SPEC §2.5 eventMode values a menu entry can be shown for. */
export const ZMenuEventMode = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** SPEC §3.6 menu item (one entry of an event's attendee-app or portal menu). */
export const ZMenuItem = z.object({
  name: z.string().min(1).max(100),
  tabName: z.string().min(1).max(100),
  url: z.string().max(2048),
  icon: z.string().max(200),
  displayMenu: z.boolean(),
  order: z.number().int().min(0),
  loginRequire: z.boolean(),
  title: z.string().min(1).max(100),
  menuBanner: z.string().max(2048),
  ticketIds: z.array(z.string().min(1).max(64)),
  uId: z.string().min(1).max(64),
  eventMode: z.array(ZMenuEventMode),
  showMenuOnPreEvent: z.boolean(),
});
export type TMenuItem = z.infer<typeof ZMenuItem>;
