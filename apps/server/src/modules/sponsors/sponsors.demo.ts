import type { DemoSeeder } from '../demo/index.ts';
import { drawLogoPng, type TLogoMark } from './sponsors.demo-logos.ts';

/**
 * The demo event's sponsors, entered as the organiser would on the Sponsors page: two tiers (Platinum, Gold) and three
 * sponsors with logos drawn in code, so the portal's Sponsors entry (and the app's Sponsor tab once the organiser
 * shows it) is not empty on a first start.
 */
export const sponsorsSeeder: DemoSeeder = {
  name: 'sponsors',
  async seed(ctx, story) {
    const { caller, organisationId, eventId } = story;
    const s = ctx.sponsors;
    const platinum = await s.createTier(caller, organisationId, eventId, { name: 'Platinum', colour: '#5f3dc4' });
    const gold = await s.createTier(caller, organisationId, eventId, { name: 'Gold', colour: '#e67700' });
    const logo = async (fileName: string, rgb: readonly [number, number, number], mark: TLogoMark) =>
      (await s.uploadLogo(caller, organisationId, eventId, { fileName, dataBase64: drawLogoPng(128, rgb, mark).toString('base64') })).logoId;
    const sponsor = async (tierId: string, name: string, description: string, website: string, logoId: string) =>
      s.createSponsor(caller, organisationId, eventId, { tierId, name, description, website, logoId, companyId: null });
    await sponsor(platinum.id, 'SolarGrid India', 'Grid-scale storage and rooftop solar for Indian cities. Meet the team at the keynote.', 'https://solargrid.example.com', await logo('solargrid.png', [0x2f, 0x9e, 0x44], 'ring'));
    await sponsor(gold.id, 'Metro Motion', 'Electric buses and the depots that charge them.', 'https://metromotion.example.com', await logo('metro-motion.png', [0x1c, 0x7e, 0xd6], 'bars'));
    await sponsor(gold.id, 'Rhein Ventures', 'Invests in climate hardware from Berlin and Bengaluru.', 'https://rhein-ventures.example.com', await logo('rhein-ventures.png', [0xc9, 0x2a, 0x2a], 'diamond'));
  },
};
