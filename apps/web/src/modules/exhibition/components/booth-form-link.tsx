import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TBooth } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TExhibitionFormCode } from '@pavilion/domain';
import { LoginLinkModal } from '../../auth/index.ts';
import { serviceFormsApi } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

/**
 * SPEC §2.1 `ebf/lgn`: at the onsite desk, the organiser makes a one-time link that signs the booth's company admin in
 * and opens one of the booth's forms (those that are on and fit its stall type), to copy or mail.
 */
export function BoothFormLink({ eventId, booth }: { eventId: string; booth: TBooth }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<string | null>(null);
  const [isOpen, setOpen] = useState(false);
  const forms = useQuery({ queryKey: exhibitionKeys.serviceForms(eventId), queryFn: ({ signal }) => serviceFormsApi.forms(eventId, signal) });
  const offered = (forms.data?.forms ?? []).filter((f) => f.isActive && (f.stallType === null || f.stallType === booth.stallType));
  const chosen = offered.find((f) => f.formCode === code) ?? null;
  if (!booth.company) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('exhibition.booths.formLinkTitle')}
      </Text>
      {forms.data && offered.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('exhibition.booths.formLinkNone')}
        </Text>
      ) : (
        <Group gap="xs" align="flex-end">
          <Select
            label={t('exhibition.booths.formLinkForm')}
            placeholder={t('exhibition.booths.formLinkPick')}
            data={offered.map((f) => ({ value: f.formCode, label: f.formName }))}
            value={code}
            onChange={setCode}
            searchable
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button variant="light" leftSection={<IconLink size={16} aria-hidden />} disabled={!chosen} onClick={() => setOpen(true)}>
            {t('exhibition.booths.formLinkMake')}
          </Button>
        </Group>
      )}
      <LoginLinkModal
        name={chosen ? t('exhibition.booths.formLinkFor', { company: booth.company.name, form: chosen.formName, number: booth.number }) : ''}
        opened={isOpen && !!chosen}
        onClose={() => setOpen(false)}
        create={() => serviceFormsApi.boothFormLink(eventId, booth.id, chosen!.formCode as TExhibitionFormCode)}
        help={t('exhibition.booths.formLinkHelp')}
      />
    </Stack>
  );
}
