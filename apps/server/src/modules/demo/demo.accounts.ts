/** The demo's logins (README "Run it"), the same on every install. */
export const DEMO_ACCOUNTS = {
  organiser: { email: 'organiser@demo.pavilion', password: 'Organiser@2026' },
  attendee: { email: 'attendee@demo.pavilion', password: 'Attendee@2026' },
  exhibitor: { email: 'exhibitor@demo.pavilion', password: 'Exhibitor@2026' },
} as const;

/** e2e/organiser/foundation.e2e.ts looks for this name. */
export const DEMO_EVENT_NAME = 'Pavilion Demo Expo 2027';
export const DEMO_GATE_DEVICE = 'Entrance gate scanner';
