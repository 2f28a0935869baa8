/**
 * SPEC §2.5 web attendee portal menu. eventMode lists use the raw values 1, 2, 3 the spec gives. The eight
 * venue-style entries (Lobby … Abstract) suit only modes 1 and 3 and are hidden before the event; every other entry
 * suits all modes and is shown before the event.
 */
export type TPortalMenuEntry = {
  readonly key: string;
  readonly name: string;
  readonly eventMode: readonly (1 | 2 | 3)[];
  readonly showMenuOnPreEvent: boolean;
};

const ALL_MODES = [1, 2, 3] as const;
const MODES_1_AND_3 = [1, 3] as const;

const entry = (key: string, name: string, isVenueStyle = false): TPortalMenuEntry => ({
  key,
  name,
  eventMode: isVenueStyle ? MODES_1_AND_3 : ALL_MODES,
  showMenuOnPreEvent: !isVenueStyle,
});

export const PORTAL_MENU: readonly TPortalMenuEntry[] = [
  entry('home', 'Home'),
  entry('networking', 'Networking'),
  entry('event-schedule', 'Event Schedule'),
  entry('event-feed', 'Event Feed'),
  entry('exhibitors', 'Exhibitors'),
  entry('speakers', 'Speakers'),
  entry('agenda', 'Agenda'),
  entry('sponsors', 'Sponsors'),
  entry('help-desk', 'Help Desk'),
  entry('lobby', 'Lobby', true),
  entry('exhibition-hall', 'Exhibition Hall', true),
  entry('info', 'Info', true),
  entry('auditorium', 'Auditorium', true),
  entry('virtual-room', 'Virtual Room', true),
  entry('my-schedule', 'My Schedule'),
  entry('e-poster', 'E-Poster', true),
  entry('feedback', 'Feedback'),
  entry('delegation-member', 'Delegation Member', true),
  entry('abstract', 'Abstract', true),
];

/** The entries to show for an event of `eventMode`, before the event starts or not. */
export function visiblePortalMenu(eventMode: number, isPreEvent: boolean): readonly TPortalMenuEntry[] {
  return PORTAL_MENU.filter(
    (e) => (e.eventMode as readonly number[]).includes(eventMode) && (!isPreEvent || e.showMenuOnPreEvent),
  );
}
