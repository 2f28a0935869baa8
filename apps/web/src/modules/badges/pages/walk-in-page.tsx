import '../badges-i18n.ts';
import { useState } from 'react';
import { Alert, Button, Checkbox, Grid, Paper, Select, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ZBadgeWalkInRequest, type TBadgeWalkInRequest } from '@pavilion/domain/badges/badges.schemas';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { badgesApi, saveFile } from '../api/badges-api.ts';
import { StationLayout } from '../components/station-layout.tsx';
import { useBadgeFields } from '../lib/use-badges.ts';

type TValues = { firstName: string; lastName: string; email: string; contactNo: string; ticketId: string | null; categoryId: string | null; isPaidAtDesk: boolean };
const empty: TValues = { firstName: '', lastName: '', email: '', contactNo: '', ticketId: null, categoryId: null, isPaidAtDesk: false };
const toRequest = (v: TValues): TBadgeWalkInRequest => ({
  firstName: v.firstName,
  lastName: v.lastName,
  email: v.email,
  ...(v.contactNo.trim() ? { contactNo: v.contactNo } : {}),
  ticketId: v.ticketId ?? '',
  ...(v.categoryId ? { categoryId: v.categoryId } : {}),
  isPaidAtDesk: v.isPaidAtDesk,
});

/** register-badge-print/{eventId}: the desk registers a walk-in and prints the badge at once. */
export function WalkInPage() {
  const { t } = useTranslation();
  const { eventId = '' } = useParams();
  const fields = useBadgeFields(eventId);
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<TValues>({ mode: 'controlled', initialValues: empty, validate: schemaValidator<TValues>(ZBadgeWalkInRequest, t, toRequest) });
  const submit = useMutation({
    mutationFn: async (body: TBadgeWalkInRequest) => {
      const reg = await badgesApi.walkIn(eventId, body);
      saveFile(await badgesApi.print(eventId, { registrationId: reg.registrationId }));
      return reg;
    },
  });
  const walkIn = useFormMutation(submit, { setFieldError: form.setFieldError });

  return (
    <StationLayout title={t('badges.station.walkInTitle')}>
      <Paper withBorder p="lg" maw={720} mx="auto">
        <form
          noValidate
          onSubmit={form.onSubmit((v) => {
            setDone(null);
            walkIn.submit(toRequest(v), (reg) => {
              setDone(t('badges.station.registered', { name: `${v.firstName} ${v.lastName}`.trim(), registrationNo: reg.registrationNo }));
              form.setValues({ ...empty, ticketId: v.ticketId, categoryId: v.categoryId });
            });
          })}
        >
          <Stack>
            {done && (
              <Alert color="green" icon={<IconCheck size={16} />} role="status">
                {done}
              </Alert>
            )}
            {walkIn.formError && (
              <Alert color="red" role="alert">
                {walkIn.formError}
              </Alert>
            )}
            {fields.isSuccess && fields.data.tickets.length === 0 && <Alert color="yellow">{t('badges.station.noTickets')}</Alert>}
            <Grid>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('badges.station.firstName')} withAsterisk maxLength={100} size="md" {...form.getInputProps('firstName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('badges.station.lastName')} maxLength={100} size="md" {...form.getInputProps('lastName')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('badges.station.email')} withAsterisk type="email" maxLength={254} size="md" {...form.getInputProps('email')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput label={t('badges.station.phone')} type="tel" maxLength={32} size="md" {...form.getInputProps('contactNo')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select label={t('badges.station.ticket')} withAsterisk size="md" data={(fields.data?.tickets ?? []).map((x) => ({ value: x.id, label: x.name }))} {...form.getInputProps('ticketId')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <Select
                  label={t('badges.station.category')}
                  placeholder={t('badges.station.noCategory')}
                  size="md"
                  clearable
                  data={(fields.data?.categories ?? []).map((x) => ({ value: x.id, label: x.name }))}
                  {...form.getInputProps('categoryId')}
                />
              </Grid.Col>
            </Grid>
            <Checkbox label={t('badges.station.paidAtDesk')} description={t('badges.station.paidAtDeskHint')} {...form.getInputProps('isPaidAtDesk', { type: 'checkbox' })} />
            <Button type="submit" size="lg" leftSection={<IconPrinter size={18} />} loading={submit.isPending}>
              {t('badges.station.registerAndPrint')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </StationLayout>
  );
}
