import {
  ZAreaCreateRequest,
  ZBadgeFieldsRequest,
  ZBadgePrintRequest,
  ZBadgeTemplateRequest,
  ZCertificateRuleRequest,
  ZCertificateTemplateRequest,
  ZDeviceCreateRequest,
  type TScanDirection,
} from '@pavilion/domain';
import { DEMO_EVENT_NAME, DEMO_GATE_DEVICE } from './demo.accounts.ts';
import { ago, type DemoPerson, type DemoSeeder, type DemoStory } from './demo.story.ts';

// Who came through the gate this morning (in this order), and who then sat in the Seminar hall.
const AT_THE_GATE = ['Rohan', 'Kavya', 'Sneha', 'Sanjay', 'Vikram', 'Harpreet', 'Ananya', 'Farhan', 'Nikhil', 'Meera', 'Aisha', 'Daniel', 'Pooja', 'Chen'];
/** Badges printed at the desk before entering; the others came with their e-badge on the phone. */
const PRINTED_AT_THE_DESK = 10;
/** In the Seminar hall (delegates only) and the minutes each stayed; null = still inside. */
const IN_THE_SEMINAR: [string, number | null][] = [
  ['Sanjay', 55],
  ['Harpreet', 50],
  ['Nikhil', 45],
  ['Aisha', 20],
  ['Chen', null],
];
export const DEMO_CERTIFICATE_MINUTES = 30;
/** Band colours dark enough for the white event name on them (WCAG AA, also for categories without a colour). */
const BAND = '#1864ab';
const CATEGORY_COLOURS = { delegate: '#1864ab', tradeVisitor: '#2b8a3e' };

function byFirstName(story: DemoStory, firstName: string): DemoPerson {
  const p = story.people.find((x) => x.firstName === firstName);
  if (!p) throw new Error(`demo: nobody called ${firstName}`);
  return p;
}

/** A badge design, a gate and a session room with their scanners, a morning of scans, and attendance certificates. */
export const onsiteSeeder: DemoSeeder = {
  name: 'badges, check-in and certificates',
  async seed(ctx, story) {
    const { caller, organisationId: org, eventId } = story;
    const { delegate, tradeVisitor } = story.categories!;

    // Badges: the event's category colours and one default A6 design (band, name, category, QR, number, ticket).
    await ctx.badges.updateFields(caller, org, eventId, ZBadgeFieldsRequest.parse({ categoryColors: { [delegate]: CATEGORY_COLOURS.delegate, [tradeVisitor]: CATEGORY_COLOURS.tradeVisitor } }));
    await ctx.badges.createTemplate(
      caller,
      org,
      eventId,
      ZBadgeTemplateRequest.parse({
        name: 'Expo badge (A6)',
        pageSize: 'A6',
        isDefault: true,
        elements: [
          { id: 'band', type: 'band', x: 0, y: 0, width: 105, height: 22, color: BAND, useCategoryColor: true },
          { id: 'event', type: 'text', source: 'static', text: DEMO_EVENT_NAME, x: 5, y: 6, width: 95, height: 10, fontSize: 14, fontWeight: 'bold', color: '#ffffff' },
          { id: 'name', type: 'text', source: 'fullName', x: 5, y: 30, width: 95, height: 14, fontSize: 22, fontWeight: 'bold' },
          { id: 'category', type: 'text', source: 'categoryName', x: 5, y: 46, width: 95, height: 9, fontSize: 13 },
          { id: 'qr', type: 'qr', x: 27.5, y: 60, width: 50, height: 50 },
          { id: 'number', type: 'text', source: 'registrationNo', x: 5, y: 114, width: 95, height: 7, fontSize: 10 },
          { id: 'ticket', type: 'text', source: 'ticketName', x: 5, y: 123, width: 95, height: 8, fontSize: 11 },
          { id: 'footer', type: 'band', x: 0, y: 138, width: 105, height: 10, color: BAND, useCategoryColor: true },
        ],
      }),
    );

    // Areas: the entrance, and the Seminar hall for delegates only (its attendance earns a certificate).
    const gate = await ctx.checkin.createArea(caller, org, eventId, ZAreaCreateRequest.parse({ name: 'Entrance gate', kind: 'gate' }));
    const hall = await ctx.checkin.createArea(
      caller,
      org,
      eventId,
      ZAreaCreateRequest.parse({ name: 'Seminar hall', kind: 'session', ticketIds: [story.tickets!.paid.id], capacity: 120 }),
    );
    story.areas = { gate: gate.id, seminarHall: hall.id };

    const template = await ctx.certificates.createTemplate(
      caller,
      org,
      eventId,
      ZCertificateTemplateRequest.parse({ name: 'Certificate of attendance', title: `${DEMO_EVENT_NAME} conference`, conductedBy: 'Demo Events Co', html: ctx.certificates.defaultTemplate().html }),
    );
    const rule = await ctx.certificates.createRule(
      caller,
      org,
      eventId,
      ZCertificateRuleRequest.parse({ templateId: template.id, rule: { kind: 'minutesInArea', areaId: hall.id, minMinutes: DEMO_CERTIFICATE_MINUTES }, isActive: true }),
    );

    // Two scanners, paired with their one-time codes as a phone would. The gate's code is issued again at every
    // start and printed, so a newcomer pairs their own phone with it.
    const pairDevice = async (name: string, areaId: string) => {
      const created = await ctx.checkin.createDevice(caller, org, eventId, ZDeviceCreateRequest.parse({ name, kind: 'scanner', areaIds: [areaId] }));
      const paired = await ctx.checkin.pair(created.code);
      const session = await ctx.checkin.authenticateDevice(paired.deviceToken);
      if (!session) throw new Error(`demo: ${name} did not pair`);
      return session;
    };
    const gateScanner = await pairDevice(DEMO_GATE_DEVICE, gate.id);
    const hallScanner = await pairDevice('Seminar hall scanner', hall.id);

    const scan = async (device: typeof gateScanner, areaId: string, person: DemoPerson, direction: TScanDirection, at: Date) => {
      const { token } = await ctx.credentials.ensure(eventId, person.registrationId);
      return ctx.clock.at(at, () => ctx.checkin.deviceScan(device, { credential: token, areaId, direction }));
    };

    // This morning: the gate opens five hours ago; ten badges are printed at the desk on the way in.
    for (const [i, name] of AT_THE_GATE.entries()) {
      const person = byFirstName(story, name);
      const at = ago(story, 0, 5, -i * 6);
      if (i < PRINTED_AT_THE_DESK) {
        await ctx.clock.at(new Date(at.getTime() - 2 * 60_000), () => ctx.badges.print(caller, org, eventId, ZBadgePrintRequest.parse({ registrationId: person.registrationId })));
      }
      await scan(gateScanner, gate.id, person, 'in', at);
    }
    // A delegate who has not paid yet is turned away at the gate, and a trade visitor at the delegates' hall.
    const unpaid = story.people.find((p) => p.state === 'pending_payment');
    if (unpaid) await scan(gateScanner, gate.id, unpaid, 'in', ago(story, 0, 3, 30));
    const seminarStart = ago(story, 0, 3);
    for (const [i, [name]] of IN_THE_SEMINAR.entries()) await scan(hallScanner, hall.id, byFirstName(story, name), 'in', new Date(seminarStart.getTime() + i * 90_000));
    await scan(hallScanner, hall.id, byFirstName(story, 'Vikram'), 'in', new Date(seminarStart.getTime() + 8 * 60_000));
    // Leaving: a check-out completes the attendance rule and the certificate is issued by the module's own hook.
    const exits = IN_THE_SEMINAR.flatMap(([name, minutes], i) => (minutes === null ? [] : [{ name, at: new Date(seminarStart.getTime() + i * 90_000 + minutes * 60_000) }]));
    for (const e of exits.sort((a, b) => a.at.getTime() - b.at.getTime())) await scan(hallScanner, hall.id, byFirstName(story, e.name), 'out', e.at);
    // "Run rule now" as the organiser would, at the end of the session: issues nothing the check-outs already did.
    await ctx.clock.at(ago(story, 0, 1), () => ctx.certificates.runRuleNow(caller, org, eventId, rule.id));
  },
};
