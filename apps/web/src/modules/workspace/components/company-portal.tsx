import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuildingStore, IconCalendarEvent, IconMailForward, IconTool, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ZPortalInviteRequest, type TPortalInviteRequest } from '@pavilion/domain';
import { schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FullPageLoader } from '../../../ui/full-page-loader.tsx';
import { formatDateRange, formatDateTime } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { workspaceApi, workspaceKeys } from '../api/workspace-api.ts';

type TValues = { email: string; firstName: string; lastName: string };

/**
 * The own view of an exhibiting company's or a service provider's users: their company, the organiser's events they
 * take part in, and their team. The main account invites its team (company team members, service persons).
 */
export function CompanyPortal({ fallback }: { fallback: React.ReactNode }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const portal = useQuery({ queryKey: workspaceKeys.portal(), queryFn: ({ signal }) => workspaceApi.portal(signal), retry: false });
  const form = useForm<TValues>({
    mode: 'controlled',
    initialValues: { email: '', firstName: '', lastName: '' },
    validate: schemaValidator<TValues>(ZPortalInviteRequest, t),
  });
  const invite = useFormMutation(
    useMutation({
      mutationFn: (body: TPortalInviteRequest) => workspaceApi.portalInvite(body),
      onSuccess: () => void qc.invalidateQueries({ queryKey: workspaceKeys.portal() }),
    }),
    { setFieldError: form.setFieldError, success: (inv) => t('team.invited', { email: inv.email }), onSuccess: () => form.reset() },
  );
  const isService = portal.data?.company.kind === 'serviceProvider';
  usePageTitle(portal.data ? portal.data.company.name : t('portal.title'));

  if (portal.isPending) return <FullPageLoader label={t('app.loading')} />;
  if (portal.isError || !portal.data) return <>{fallback}</>;
  const p = portal.data;

  const submit = form.onSubmit((values) => invite.submit(values));

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text c="dimmed" size="sm">
            {t(isService ? 'portal.serviceKicker' : 'portal.companyKicker', { organisation: p.organisationName })}
          </Text>
          <Title order={1}>{p.company.name}</Title>
        </div>
        <Badge variant="light" size="lg" radius="sm">
          {t(`regions.companyRoles.${p.role}`)}
        </Badge>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="lg" radius="md">
          <Group gap="xs" mb="sm">
            <IconCalendarEvent size={20} aria-hidden />
            <Title order={2} fz="h4">
              {t('portal.events')}
            </Title>
          </Group>
          {p.events.length === 0 ? (
            <Text c="dimmed">{t('portal.noEvents')}</Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {p.events.map((e) => (
                <li key={e.id}>
                  <Text fw={600}>{e.name}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDateRange(e.startDate, e.endDate)}
                    {e.venue ? ` · ${e.venue}` : ''}
                  </Text>
                  {isService && (
                    <Anchor component={Link} to={`/provider/fulfilment/${encodeURIComponent(e.id)}`} size="sm" aria-label={`${t('portal.workToDeliver')}: ${e.name}`}>
                      {t('portal.workToDeliver')}
                    </Anchor>
                  )}
                </li>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="lg" radius="md">
          <EmptyState
            icon={isService ? <IconTool size={28} /> : <IconBuildingStore size={28} />}
            title={t(isService ? 'portal.serviceNextTitle' : 'portal.companyNextTitle')}
            description={t(isService ? 'portal.serviceNextBody' : 'portal.companyNextBody')}
            headingLevel={2}
          />
        </Paper>
      </SimpleGrid>

      <Paper withBorder p="lg" radius="md">
        <Group gap="xs" mb="sm">
          <IconUsers size={20} aria-hidden />
          <Title order={2} fz="h4">
            {t('portal.team')}
          </Title>
        </Group>
        <Table striped highlightOnHover aria-label={t('portal.team')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('portal.name')}</Table.Th>
              <Table.Th scope="col">{t('team.email')}</Table.Th>
              <Table.Th scope="col">{t('portal.role')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.members.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{`${m.firstName} ${m.lastName}`.trim()}</Table.Td>
                <Table.Td>{m.email}</Table.Td>
                <Table.Td>{m.role}</Table.Td>
              </Table.Tr>
            ))}
            {p.pendingInvitations.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td>{i.firstName}</Table.Td>
                <Table.Td>{i.email}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {t('portal.invitedUntil', { date: formatDateTime(i.expiresAt) })}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {p.isMainAccount && (
          <form onSubmit={submit} noValidate aria-label={t(isService ? 'portal.inviteService' : 'portal.inviteCompany')}>
            <Title order={3} fz="h5" mt="lg" mb="xs">
              {t(isService ? 'portal.inviteService' : 'portal.inviteCompany')}
            </Title>
            {invite.formError && (
              <Alert color="red" variant="light" role="alert" mb="sm">
                {invite.formError}
              </Alert>
            )}
            <Group align="flex-end" gap="sm" wrap="wrap">
              <TextInput label={t('team.email')} type="email" withAsterisk {...form.getInputProps('email')} />
              <TextInput label={t('team.firstName')} withAsterisk {...form.getInputProps('firstName')} />
              <TextInput label={t('team.lastName')} {...form.getInputProps('lastName')} />
              <Button type="submit" loading={invite.isPending} leftSection={<IconMailForward size={16} aria-hidden />}>
                {t('team.sendInvite')}
              </Button>
            </Group>
          </form>
        )}
      </Paper>
    </Stack>
  );
}
