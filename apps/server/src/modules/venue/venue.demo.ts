import type { DemoSeeder } from '../demo/index.ts';
import { DEMO_BANNER_PNG_BASE64 } from './venue.demo-banner.ts';

/**
 * The demo event's lobby (a banner with three hotspots), configured and published as the organiser would in
 * App & portal → Venue. The demo event is hybrid and in February 2027: attendees see it once the event has begun
 * (SPEC §2.5).
 */
export const venueSeeder: DemoSeeder = {
  name: 'virtual venue',
  async seed(ctx, story) {
    const { caller, organisationId, eventId } = story;
    const banner = await ctx.venue.uploadImage(caller, organisationId, eventId, { fileName: 'lobby-banner.png', dataBase64: DEMO_BANNER_PNG_BASE64 });
    await ctx.venue.saveLobby(caller, organisationId, eventId, {
      bannerImageId: banner.imageId,
      welcomeVideoUrl: null,
      welcomeImageId: null,
      hotspots: [
        { label: 'Exhibition Hall', target: 'exhibition-hall', x: 25, y: 52 },
        { label: 'Auditorium', target: 'auditorium', x: 50, y: 52 },
        { label: 'Help Desk', target: 'help-desk', x: 78, y: 52 },
      ],
    });
    await ctx.venue.publish(caller, organisationId, eventId, 'lobby', true);
  },
};
