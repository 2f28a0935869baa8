import { Select } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useEventOptions } from '../modules/events/index.ts';
import { useCurrentEventId } from './selected-event.ts';

/** Header Select of the organiser's events; switching sets eventData and opens that event's dashboard. */
export function EventSwitcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [eventId, choose] = useCurrentEventId();
  const options = useEventOptions();
  const data = (options.data?.items ?? []).map((e) => ({ value: e.id, label: e.name }));
  // Keep the current event visible even if it is beyond the first page of options.
  const value = eventId && data.some((d) => d.value === eventId) ? eventId : null;

  return (
    <Select
      aria-label={t('shell.switchEvent')}
      placeholder={t('shell.noEventSelected')}
      data={data}
      value={value}
      searchable
      nothingFoundMessage="—"
      allowDeselect={false}
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
      w={{ base: '100%', sm: 300 }}
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      disabled={options.isPending && !options.data}
      onChange={(id) => {
        if (!id) return;
        choose(id);
        const target = pathname.startsWith('/app') ? pathname : '/app';
        navigate(`${target}?eventId=${encodeURIComponent(id)}`);
      }}
    />
  );
}
