import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Group, Modal, Paper, Select, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconId, IconPrinter } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TExhibitingCompany } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TStaffBadgeIssueInput, TStaffBadgeList, TStaffBadgeSettingsInput, TStaffMember } from '@pavilion/domain/exhibition/staff-badges';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { myStaffBadgesApi, staffBadgesOrgApi } from '../api/staff-badges-api.ts';
import { confirmDelete } from './confirm-delete.ts';

type TBadgeActions = {
  issue: (staffId: string, body: TStaffBadgeIssueInput) => Promise<TStaffMember>;
  revoke: (staffId: string) => Promise<TStaffMember>;
  /** Where a badge prints (the organiser's badge desk); none on My stand. */
  printHref?: (registrationNo: string) => string;
};

/** The name form of one staff member's badge, inline in their card. */
function IssueForm({ member, actions, queryKey, onDone }: { member: TStaffMember; actions: TBadgeActions; queryKey: QueryKey; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [firstName, setFirstName] = useState(member.firstName);
  const [lastName, setLastName] = useState(member.lastName);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({ mutationFn: (body: TStaffBadgeIssueInput) => actions.issue(member.id, body), onSettled: () => qc.invalidateQueries({ queryKey }) });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: () => t('exhibition.badges.issued', { email: member.email }),
    onSuccess: onDone,
  });
  return (
    <form
      aria-label={t('exhibition.badges.issueFor', { email: member.email })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        form.submit({ firstName, lastName });
      }}
    >
      <Stack gap="xs" mt="xs">
        <FormAlert message={form.formError} />
        <Group grow align="flex-start" gap="xs">
          <TextInput label={t('exhibition.badges.firstName')} required maxLength={100} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} error={errors.firstName || undefined} data-autofocus autoFocus />
          <TextInput label={t('exhibition.badges.lastName')} maxLength={100} value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} error={errors.lastName || undefined} />
        </Group>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" size="xs" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" size="xs" loading={mutation.isPending}>
            {t('exhibition.badges.confirmIssue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A company's staff with their badges: issue (name on the badge), revoke, print. Cards, so it works on a phone too. */
export function StaffBadgesList({ list, actions, queryKey, canEdit, isMine }: { list: TStaffBadgeList; actions: TBadgeActions; queryKey: QueryKey; canEdit: boolean; isMine?: boolean }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [issuing, setIssuing] = useState<string | null>(null);
  const revoke = useMutation({
    mutationFn: (staffId: string) => actions.revoke(staffId),
    onSuccess: () => toast(t('exhibition.badges.revoked'), 'success'),
    onError: (err) => toast(errorMessage(err, t), 'error'),
    onSettled: () => qc.invalidateQueries({ queryKey }),
  });
  const isFull = list.quota !== null && list.issued >= list.quota;
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} aria-live="polite">
        {list.quota === null ? t('exhibition.badges.usedNoLimit', { count: list.issued }) : t('exhibition.badges.used', { used: list.issued, quota: list.quota })}
      </Text>
      {!list.isTicketChosen && (
        <Alert color="yellow" variant="light">
          {isMine ? t('exhibition.badges.ticketNotChosenMine') : t('exhibition.badges.ticketNotChosen')}
        </Alert>
      )}
      {list.staff.length === 0 && (
        <Text size="sm" c="dimmed">
          {isMine ? t('exhibition.badges.noStaffMine') : t('exhibition.badges.noStaff')}
        </Text>
      )}
      {list.staff.map((m) => {
        const name = `${m.firstName} ${m.lastName}`.trim();
        return (
          <Paper key={m.id} withBorder p="sm" radius="md" component="section" aria-label={m.email}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {m.email}
                </Text>
                {name && (
                  <Text size="xs" c="dimmed">
                    {name}
                  </Text>
                )}
              </Stack>
              <Group gap="xs">
                {m.badge === null ? (
                  <Badge variant="outline" color="gray.9" bg="white">
                    {t('exhibition.badges.notIssued')}
                  </Badge>
                ) : m.badge.state === 'active' ? (
                  <Badge variant="outline" color="teal.9" bg="white">
                    {t('exhibition.badges.active', { no: m.badge.registrationNo })}
                  </Badge>
                ) : (
                  <Badge variant="outline" color="red.9" bg="white">
                    {t('exhibition.badges.cancelled', { no: m.badge.registrationNo })}
                  </Badge>
                )}
                {m.badge?.state === 'active' && actions.printHref && (
                  <Button component={Link} to={actions.printHref(m.badge.registrationNo)} size="xs" variant="default" leftSection={<IconPrinter size={14} aria-hidden />} aria-label={t('exhibition.badges.printFor', { email: m.email })}>
                    {t('exhibition.badges.print')}
                  </Button>
                )}
                {canEdit && m.badge?.state === 'active' && (
                  <Button
                    size="xs"
                    variant="default"
                    c="red.9"
                    aria-label={t('exhibition.badges.revokeFor', { email: m.email })}
                    loading={revoke.isPending && revoke.variables === m.id}
                    onClick={() =>
                      confirmDelete(t, { title: t('exhibition.badges.revokeTitle', { email: m.email }), body: t('exhibition.badges.revokeBody'), confirm: t('exhibition.badges.revoke'), onConfirm: () => revoke.mutate(m.id) })
                    }
                  >
                    {t('exhibition.badges.revoke')}
                  </Button>
                )}
                {canEdit && m.badge?.state !== 'active' && issuing !== m.id && (
                  <Button size="xs" leftSection={<IconId size={14} aria-hidden />} disabled={!list.isTicketChosen || isFull} aria-label={t('exhibition.badges.issueButtonFor', { email: m.email })} onClick={() => setIssuing(m.id)}>
                    {t('exhibition.badges.issue')}
                  </Button>
                )}
              </Group>
            </Group>
            {issuing === m.id && <IssueForm member={m} actions={actions} queryKey={queryKey} onDone={() => setIssuing(null)} />}
          </Paper>
        );
      })}
    </Stack>
  );
}

/** Companies → a company's menu "Staff & badges" (AP-482 view, AP-484 issue and revoke). */
export function StaffBadgesModal({ eventId, company, onClose }: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const companyId = company?.id ?? '';
  const queryKey = exhibitionKeys.staffBadges(eventId, companyId);
  const list = useQuery({ queryKey, queryFn: ({ signal }) => staffBadgesOrgApi.list(eventId, companyId, signal), enabled: company !== null });
  const actions: TBadgeActions = {
    issue: (staffId, body) => staffBadgesOrgApi.issue(eventId, companyId, staffId, body),
    revoke: (staffId) => staffBadgesOrgApi.revoke(eventId, companyId, staffId),
    printHref: (no) => `/badge-printing/${eventId}/${encodeURIComponent(no)}`,
  };
  return (
    <Modal opened={company !== null} onClose={onClose} title={t('exhibition.badges.title', { name: company?.name ?? '' })} size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('exhibition.badges.intro')}
        </Text>
        {list.isPending && <Skeleton h={120} />}
        {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && (
          <Can rule="AP-484" fallback={<StaffBadgesList list={list.data} actions={actions} queryKey={queryKey} canEdit={false} />}>
            <StaffBadgesList list={list.data} actions={actions} queryKey={queryKey} canEdit />
          </Can>
        )}
      </Stack>
    </Modal>
  );
}

/** My stand: the company's admin issues their own staff's badges (the server checks they are its admin). */
export function MyStaffBadges({ eventId }: { eventId: string }) {
  const queryKey = exhibitionKeys.myStaffBadges(eventId);
  const list = useQuery({ queryKey, queryFn: ({ signal }) => myStaffBadgesApi.list(eventId, signal) });
  const actions: TBadgeActions = { issue: (staffId, body) => myStaffBadgesApi.issue(eventId, staffId, body), revoke: (staffId) => myStaffBadgesApi.revoke(eventId, staffId) };
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-staff-badges">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="my-staff-badges">
          {t('exhibition.badges.myTitle')}
        </Title>
        {list.isPending && <Skeleton h={80} />}
        {list.isError && <ListError error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && <StaffBadgesList list={list.data} actions={actions} queryKey={queryKey} canEdit isMine />}
      </Stack>
    </Paper>
  );
}

/** Booths page: "Staff badges" chooses the free ticket (and category) staff badges are registrations on (AP-535 view, AP-537 edit). */
export function StaffBadgeSettingsButton({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const settings = useQuery({ queryKey: exhibitionKeys.staffBadgeSettings(eventId), queryFn: ({ signal }) => staffBadgesOrgApi.settings(eventId, signal), enabled: isOpen });
  return (
    <Can rule="AP-535">
      <Button variant="default" leftSection={<IconId size={18} aria-hidden />} onClick={() => setOpen(true)}>
        {t('exhibition.badges.settings.button')}
      </Button>
      <Modal opened={isOpen} onClose={() => setOpen(false)} title={t('exhibition.badges.settings.title')} size="md">
        <Stack gap="sm">
          <Text size="sm">{t('exhibition.badges.settings.intro')}</Text>
          {settings.isPending && <Skeleton h={100} />}
          {settings.isError && <ListError error={settings.error} onRetry={() => void settings.refetch()} />}
          {settings.data && !settings.isFetching && <SettingsForm eventId={eventId} initial={settings.data} onDone={() => setOpen(false)} />}
        </Stack>
      </Modal>
    </Can>
  );
}

function SettingsForm({ eventId, initial, onDone }: { eventId: string; initial: NonNullable<Awaited<ReturnType<typeof staffBadgesOrgApi.settings>>>; onDone: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [ticketId, setTicketId] = useState<string | null>(initial.ticketId);
  const [categoryId, setCategoryId] = useState<string | null>(initial.categoryId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: (body: TStaffBadgeSettingsInput) => staffBadgesOrgApi.saveSettings(eventId, body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: exhibitionKeys.staffBadgeSettings(eventId) });
      void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
    },
  });
  const form = useFormMutation(save, { setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })), success: () => t('exhibition.badges.settings.saved'), onSuccess: onDone });
  if (initial.tickets.length === 0) return <Alert color="yellow">{t('exhibition.badges.settings.noTickets')}</Alert>;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setErrors({});
        form.submit({ ticketId, categoryId });
      }}
    >
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <Can rule="AP-537" fallback={<Text size="sm">{initial.tickets.find((x) => x.id === initial.ticketId)?.name ?? t('exhibition.badges.settings.ticketPlaceholder')}</Text>}>
          <Select
            label={t('exhibition.badges.settings.ticket')}
            placeholder={t('exhibition.badges.settings.ticketPlaceholder')}
            data={initial.tickets.map((x) => ({ value: x.id, label: x.isFree ? x.name : t('exhibition.badges.settings.paid', { name: x.name }), disabled: !x.isFree }))}
            value={ticketId}
            onChange={setTicketId}
            error={errors.ticketId || undefined}
            clearable
          />
          <Select
            label={t('exhibition.badges.settings.category')}
            placeholder={t('exhibition.badges.settings.categoryPlaceholder')}
            data={initial.categories.map((c) => ({ value: c.id, label: c.name }))}
            value={categoryId}
            onChange={setCategoryId}
            error={errors.categoryId || undefined}
            clearable
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('exhibition.badges.settings.save')}
            </Button>
          </Group>
        </Can>
      </Stack>
    </form>
  );
}
