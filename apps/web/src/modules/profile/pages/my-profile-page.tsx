import '../profile-i18n.ts';
import { useMemo, useState } from 'react';
import { Box, Button, Group, NativeSelect, Paper, Select, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconExternalLink, IconShare, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { MAX_INTERESTS, ZProfileRequest, type TOwnProfile, type TProfileRequest } from '@pavilion/domain/profile/profile.schemas';
import { activeCountries } from '@pavilion/domain/reference/countries';
import { schemaValidator } from '../../../app/form-errors.ts';
import { homeForCurrentUser } from '../../../app/guards.tsx';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { AttendeePage } from '../../../ui/attendee-page.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError, ListLoading } from '../../../ui/list-states.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { OwnPhoto, useMyEbadges } from '../../ebadge/index.ts';
import { useMyProfiles, useSaveProfile } from '../hooks.ts';

const valuesOf = (p: TOwnProfile): TProfileRequest => ({ jobTitle: p.jobTitle, company: p.company, countryCode: p.countryCode, interests: p.interests, isInDirectory: p.isInDirectory, isProfilePublic: p.isProfilePublic });

function ProfileForm({ profile }: { profile: TOwnProfile }) {
  const { t } = useTranslation();
  const form = useForm<TProfileRequest>({ mode: 'controlled', initialValues: valuesOf(profile), validate: schemaValidator<TProfileRequest>(ZProfileRequest, t) });
  const save = useFormMutation(useSaveProfile(profile.registrationId), { setFieldError: form.setFieldError, success: () => t('profile.saved'), onSuccess: (saved) => form.resetDirty(valuesOf(saved)) });
  const badges = useMyEbadges();
  const badge = badges.data?.find((b) => b.eventUserId === profile.registrationId);
  const plUrl = `/pl/${encodeURIComponent(profile.pair)}`;
  const countries = useMemo(() => activeCountries().map((c) => ({ value: c.countryCode, label: c.name })), []);

  return (
    <form onSubmit={form.onSubmit((values) => save.submit(values))} noValidate>
      <Stack gap="md">
        {badge && (
          <Box>
            <Text fw={600} size="sm" mb={6}>
              {t('profile.photo')}
            </Text>
            <OwnPhoto badge={badge} />
          </Box>
        )}
        <TextInput label={t('profile.jobTitle')} autoComplete="organization-title" maxLength={100} {...form.getInputProps('jobTitle')} />
        <TextInput label={t('profile.company')} autoComplete="organization" maxLength={100} {...form.getInputProps('company')} />
        <Select
          label={t('profile.country')}
          description={t('profile.countryHelp')}
          data={countries}
          searchable
          clearable
          maxDropdownHeight={300}
          {...form.getInputProps('countryCode')}
          value={form.values.countryCode || null}
          onChange={(v) => form.setFieldValue('countryCode', v ?? '')}
        />
        <TagsInput label={t('profile.interests')} description={t('profile.interestsHelp', { max: MAX_INTERESTS })} maxTags={MAX_INTERESTS} splitChars={[',']} clearable {...form.getInputProps('interests')} />
        <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Text component="legend" fw={600} size="sm" mb={4}>
            {t('profile.privacy')}
          </Text>
          <Switch label={t('profile.isInDirectory')} description={t('profile.isInDirectoryHelp')} {...form.getInputProps('isInDirectory', { type: 'checkbox' })} />
          <Switch label={t('profile.isProfilePublic')} description={t('profile.isProfilePublicHelp')} {...form.getInputProps('isProfilePublic', { type: 'checkbox' })} />
        </Stack>
        {save.formError && <FormAlert message={save.formError} />}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('profile.save')}
          </Button>
          {profile.isProfilePublic && (
            <Button component={Link} to={plUrl} variant="default" leftSection={<IconExternalLink size={16} aria-hidden />}>
              {t('profile.openLink')}
            </Button>
          )}
          <Button component={Link} to="/pl" variant="subtle" leftSection={<IconShare size={16} aria-hidden />}>
            {t('profile.shareLinks')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `attendium/profile`: the signed-in attendee's profile per registration (photo, job title, company, interests, privacy). */
export function MyProfilePage() {
  const { t } = useTranslation();
  const list = useMyProfiles();
  const [search, setSearch] = useSearchParams();
  const [picked, setPicked] = useState<string | null>(search.get('registrationId'));
  usePageTitle(t('profile.title'));
  const profiles = list.data ?? [];
  const current = profiles.find((p) => p.registrationId === picked) ?? profiles[0];

  return (
    <AttendeePage back={{ to: homeForCurrentUser(), label: t('profile.home') }} title={t('profile.title')} intro={t('profile.intro')}>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        {list.isPending ? (
          <ListLoading rows={3} />
        ) : list.isError ? (
          <ListError error={list.error} onRetry={() => void list.refetch()} />
        ) : !current ? (
          <EmptyState icon={<IconUserCircle size={32} />} title={t('profile.empty')} description={t('profile.emptyBody')} />
        ) : (
          <Stack gap="md">
            {profiles.length > 1 ? (
              <NativeSelect
                label={t('profile.event')}
                value={current.registrationId}
                onChange={(e) => {
                  setPicked(e.currentTarget.value);
                  setSearch({ registrationId: e.currentTarget.value }, { replace: true });
                }}
                data={profiles.map((p) => ({ value: p.registrationId, label: `${p.eventName} (${p.firstName} ${p.lastName})` }))}
              />
            ) : (
              <Title order={2} fz="lg">
                {current.eventName}
              </Title>
            )}
            <ProfileForm key={current.registrationId} profile={current} />
          </Stack>
        )}
      </Paper>
    </AttendeePage>
  );
}
