/** Session attendance (issue 16): a room's check-in area, and the host report tab "Schedule Sessions". */
export const attendanceEn = {
  area: {
    label: 'Check-in area',
    description: 'Scanning badges at this door counts attendance per session.',
    none: 'None',
    existing: 'Existing area',
    create: 'Create one for this room',
    pick: 'Area',
    pickPlaceholder: 'Choose a check-in area',
    noAreas: 'This event has no check-in areas yet: create one for this room instead.',
    createHint: 'A session area named after the room is made when you save; pair a scanner with it under Onsite check-in.',
    keepHint: 'Unchanged',
    column: 'Check-in area',
    linked: 'Linked',
    notLinked: 'None',
  },
  report: {
    title: 'Schedule Sessions',
    rangeLabel: 'Time range',
    sessions: 'Sessions',
    attended: 'Attended',
    attendees: 'People',
    booked: 'Booked',
    capacity: 'Capacity',
    session: 'Session',
    room: 'Room',
    starts: 'Starts',
    untracked: 'No check-in area',
    unlimited: '—',
    chartTitle: 'Attendance per session',
    chartSummary: 'Attendance per session: {{summary}}',
    tableLabel: 'Attendance per session',
    emptyTitle: 'No session began in {{range}}',
    emptyBody: 'Sessions appear here once they begin. Give each room a check-in area and scan badges at its door to count who came.',
    noAccess: 'Your role does not include Session Reports: View (AP-730).',
    error: 'The report could not be loaded',
    retry: 'Try again',
  },
};

export const attendanceValidationEn = {
  unknownCheckinArea: 'Choose a check-in area of this event',
};
