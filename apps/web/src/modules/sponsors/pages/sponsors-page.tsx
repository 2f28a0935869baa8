import '../sponsors-i18n.ts';
import { useState, type FormEvent } from 'react';
import { ActionIcon, Badge, Box, Button, ColorInput, Group, NativeSelect, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { openConfirmModal } from '../../../app/confirm-modal.ts';
import { IconArrowDown, IconArrowUp, IconAward, IconCalendarOff, IconMail, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  SPONSOR_CONTACTS_MAX,
  SPONSOR_NAME_MAX,
  type TSponsor,
  type TSponsorContact,
  type TSponsorInput,
  type TSponsorsAdmin,
  type TSponsorTier,
  type TSponsorTierInput,
} from '@pavilion/domain/sponsors/sponsors.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { sponsorsKeys, sponsorsOrgApi as api } from '../api/sponsors-api.ts';
import { SponsorLogo } from '../components/sponsors-tab.tsx';
import { SponsorDetailsFields } from '../components/sponsor-fields.tsx';
import { FiguresDownload } from '../components/figures-download.tsx';

type TErrors = Record<string, string>;
type TT = (k: string, o?: Record<string, unknown>) => string;

/** A change to the event's sponsors: afterwards the organiser's page and the attendees' views are read again. */
function useSponsorsMutation<TVars, TResult>(eventId: string, mutationFn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => qc.invalidateQueries({ queryKey: sponsorsKeys.all(eventId) }) });
}

function askDelete(t: TT, title: string, onConfirm: () => void) {
  openConfirmModal({
    title,
    children: <Text size="sm">{t('sponsors.org.confirmDeleteBody')}</Text>,
    labels: { confirm: t('sponsors.org.deleteLabel'), cancel: t('sponsors.org.cancel') },
    confirmProps: { color: 'red' },
    cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
    onConfirm,
  });
}

/** Up and down buttons (keyboard reachable, named for screen readers) for one item of an ordered list. */
function MoveButtons({ name, index, count, onMove, disabled }: { name: string; index: number; count: number; onMove: (delta: -1 | 1) => void; disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Can rule="AP-484">
      <ActionIcon variant="subtle" color="gray.7" aria-label={t('sponsors.org.moveUp', { name })} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        <IconArrowUp size={16} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray.7" aria-label={t('sponsors.org.moveDown', { name })} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
        <IconArrowDown size={16} aria-hidden />
      </ActionIcon>
    </Can>
  );
}

function moved<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(index + delta, 0, item!);
  return next;
}

/* ------------------------------------------------------------------ tier form */

function TierModal({ eventId, tier, onClose }: { eventId: string; tier: TSponsorTier | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(tier?.name ?? '');
  const [hasColour, setHasColour] = useState(tier ? tier.colour !== null : true);
  const [colour, setColour] = useState(tier?.colour ?? '#5f3dc4');
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useSponsorsMutation(eventId, (body: TSponsorTierInput) => (tier ? api.updateTier(eventId, tier.id, body) : api.createTier(eventId, body))),
    { setFieldError: (f, m) => setErrors((p) => ({ ...p, [f]: m })), success: () => t('sponsors.org.saved'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit({ name, colour: hasColour ? colour : null });
  };
  const title = tier ? t('sponsors.org.editTier') : t('sponsors.org.newTier');
  return (
    <FormModal opened onClose={onClose} title={title} formLabel={title} onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t('sponsors.org.save')} cancelLabel={t('sponsors.org.cancel')}>
      <TextInput label={t('sponsors.org.tierName')} description={t('sponsors.org.tierNameHint')} withAsterisk maxLength={60} value={name} onChange={(e) => setName(e.currentTarget.value)} error={errors.name} data-autofocus />
      <Switch label={t('sponsors.org.useColour')} checked={hasColour} onChange={(e) => setHasColour(e.currentTarget.checked)} />
      {hasColour && <ColorInput label={t('sponsors.org.colour')} description={t('sponsors.org.colourHint')} format="hex" value={colour} onChange={setColour} error={errors.colour} />}
    </FormModal>
  );
}

/* ------------------------------------------------------------------ sponsor form */

const INVITATION_COLOUR = { invited: 'gray.9', accepted: 'teal.9' } as const;

/** An invitation's state as an outline badge (contrast on white). */
function InvitationBadge({ state }: { state: TSponsorContact['invitation'] }) {
  const { t } = useTranslation();
  return (
    <Badge variant="outline" color={INVITATION_COLOUR[state]} bg="white" styles={{ root: { textTransform: 'none' } }}>
      {t(`sponsors.org.invitation_${state}`)}
    </Badge>
  );
}

/** A sponsor's contacts, each with its invitation's state (the list row and the form show the same). */
function ContactList({ sponsorName, contacts, onRevoke }: { sponsorName: string; contacts: TSponsorContact[]; onRevoke?: (c: TSponsorContact) => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} component="ul" aria-label={t('sponsors.org.contactsOf', { name: sponsorName })} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {contacts.map((c) => (
        <Group component="li" key={c.id} gap={6} wrap="nowrap" justify="space-between" aria-label={t('sponsors.org.invitationOf', { email: c.email, state: t(`sponsors.org.invitation_${c.invitation}`) })}>
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <InvitationBadge state={c.invitation} />
            <Text size="xs" c="dimmed" truncate>
              {c.email}
            </Text>
          </Group>
          {onRevoke && (
            <Button size="compact-xs" variant="default" onClick={() => onRevoke(c)} aria-label={t('sponsors.org.revokeLabel', { email: c.email })}>
              {t('sponsors.org.revoke')}
            </Button>
          )}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The sponsor's contacts (user type 3) inside the sponsor form: who is invited or accepted (each can be revoked), and
 * an email and first name with "Send invitation" (its own request, not the form's save) that adds one more contact or
 * sends a listed one a new link. A new sponsor is saved first.
 */
function ContactSection({ eventId, sponsor }: { eventId: string; sponsor: TSponsor | null }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [contacts, setContacts] = useState<TSponsorContact[]>(sponsor?.contacts ?? []);
  const [errors, setErrors] = useState<TErrors>({});
  const invite = useFormMutation(
    useSponsorsMutation(eventId, (body: { email: string; firstName: string }) => api.inviteContact(eventId, sponsor!.id, body)),
    {
      setFieldError: (f, m) => setErrors((p) => ({ ...p, [f]: m })),
      success: (res) => t('sponsors.org.invitationSent', { email: res.sentTo }),
      onSuccess: (res) => {
        setContacts(res.sponsor.contacts);
        setEmail('');
        setFirstName('');
      },
    },
  );
  const revoke = useSponsorsMutation(eventId, (contactId: string) => api.revokeContact(eventId, sponsor!.id, contactId));
  const askRevoke = (c: TSponsorContact) =>
    openConfirmModal({
      title: t('sponsors.org.revokeTitle', { email: c.email }),
      children: t('sponsors.org.revokeBody', { name: sponsor?.name ?? '' }),
      labels: { confirm: t('sponsors.org.revoke'), cancel: t('sponsors.org.cancel') },
      confirmProps: { color: 'red.8' },
      cancelProps: { 'data-autofocus': true } as Record<string, unknown>,
      onConfirm: () =>
        revoke.mutate(c.id, {
          onSuccess: (s) => {
            setContacts(s.contacts);
            toast(t('sponsors.org.revoked', { email: c.email }), 'success');
          },
          onError: (err) => toast(errorMessage(err, t), 'error'),
        }),
    });
  return (
    <Paper withBorder p="sm" radius="sm" component="fieldset" aria-describedby="sponsor-contact-body" style={{ margin: 0 }}>
      <Group component="legend" gap="xs" px={4}>
        <Text fw={600} size="sm">
          {t('sponsors.org.contactTitle')}
        </Text>
      </Group>
      <Stack gap="xs">
        <Text size="xs" c="dimmed" id="sponsor-contact-body">
          {sponsor ? t('sponsors.org.contactBody', { max: SPONSOR_CONTACTS_MAX }) : t('sponsors.org.contactSaveFirst')}
        </Text>
        {sponsor && (
          <>
            {contacts.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('sponsors.org.invitation_none')}
              </Text>
            ) : (
              <ContactList sponsorName={sponsor.name} contacts={contacts} onRevoke={askRevoke} />
            )}
            <Group grow align="flex-start" wrap="wrap" gap="xs">
              <TextInput label={t('sponsors.org.contactEmail')} type="email" autoComplete="off" maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} miw={200} />
              <TextInput label={t('sponsors.org.contactFirstName')} autoComplete="off" maxLength={60} value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} error={errors.firstName} miw={160} />
            </Group>
            {invite.formError && (
              <Text size="sm" c="red.8" role="alert">
                {invite.formError}
              </Text>
            )}
            <Button
              type="button"
              variant="light"
              size="sm"
              leftSection={<IconMail size={16} aria-hidden />}
              loading={invite.isPending}
              style={{ alignSelf: 'flex-start' }}
              onClick={() => {
                setErrors({});
                invite.submit({ email, firstName });
              }}
            >
              {t('sponsors.org.sendInvitation')}
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function SponsorModal({ eventId, data, sponsor, tierId, onClose }: { eventId: string; data: TSponsorsAdmin; sponsor: TSponsor | null; tierId: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [v, setV] = useState<TSponsorInput>({
    tierId: sponsor?.tierId ?? tierId ?? data.tiers[0]?.id ?? '',
    name: sponsor?.name ?? '',
    description: sponsor?.description ?? '',
    website: sponsor?.website ?? '',
    logoId: sponsor?.logoId ?? null,
    companyId: sponsor?.companyId ?? null,
  });
  const [logoUrl, setLogoUrl] = useState<string | null>(sponsor?.logoUrl ?? null);
  const [errors, setErrors] = useState<TErrors>({});
  const save = useFormMutation(
    useSponsorsMutation(eventId, (body: TSponsorInput) => (sponsor ? api.updateSponsor(eventId, sponsor.id, body) : api.createSponsor(eventId, body))),
    { setFieldError: (f, m) => setErrors((p) => ({ ...p, [f]: m })), success: () => t('sponsors.org.saved'), onSuccess: onClose },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    save.submit(v);
  };
  const title = sponsor ? t('sponsors.org.editSponsor') : t('sponsors.org.newSponsor');
  return (
    <FormModal opened onClose={onClose} title={title} formLabel={title} size="lg" onSubmit={submit} formError={save.formError} isPending={save.isPending} submitLabel={t('sponsors.org.save')} cancelLabel={t('sponsors.org.cancel')}>
      <NativeSelect label={t('sponsors.org.tier')} withAsterisk value={v.tierId} onChange={(e) => setV({ ...v, tierId: e.currentTarget.value })} data={data.tiers.map((x) => ({ value: x.id, label: x.name }))} error={errors.tierId} />
      <TextInput label={t('sponsors.org.name')} withAsterisk maxLength={SPONSOR_NAME_MAX} value={v.name} onChange={(e) => setV({ ...v, name: e.currentTarget.value })} error={errors.name} data-autofocus />
      <SponsorDetailsFields upload={(body) => api.uploadLogo(eventId, body)} name={v.name} values={v} setValues={setV} logoUrl={logoUrl} setLogoUrl={setLogoUrl} errors={errors} />
      <NativeSelect
        label={t('sponsors.org.company')}
        description={t('sponsors.org.companyHint')}
        value={v.companyId ?? ''}
        onChange={(e) => setV({ ...v, companyId: e.currentTarget.value || null })}
        data={[{ value: '', label: t('sponsors.org.noCompany') }, ...data.companies.map((c) => ({ value: c.id, label: c.name }))]}
        error={errors.companyId}
      />
      <Can rule="AP-484">
        <ContactSection eventId={eventId} sponsor={sponsor} />
      </Can>
    </FormModal>
  );
}

/* ------------------------------------------------------------------ the page */

type TEditing = { kind: 'tier'; tier: TSponsorTier | null } | { kind: 'sponsor'; sponsor: TSponsor | null; tierId: string | null } | null;

function TierCard({ eventId, data, tier, index, onEdit }: { eventId: string; data: TSponsorsAdmin; tier: TSponsorTier; index: number; onEdit: (e: TEditing) => void }) {
  const { t } = useTranslation();
  const sponsors = data.sponsors.filter((s) => s.tierId === tier.id);
  const onDone = { onSuccess: () => toast(t('sponsors.org.reordered'), 'success'), onError: (err: unknown) => toast(errorMessage(err, t), 'error') };
  const orderTiers = useSponsorsMutation(eventId, (ids: string[]) => api.orderTiers(eventId, ids));
  const orderSponsors = useSponsorsMutation(eventId, (ids: string[]) => api.orderSponsors(eventId, tier.id, ids));
  const deleted = { onSuccess: () => toast(t('sponsors.org.deleted'), 'success'), onError: (err: unknown) => toast(errorMessage(err, t), 'error') };
  const removeTier = useSponsorsMutation(eventId, () => api.deleteTier(eventId, tier.id));
  const removeSponsor = useSponsorsMutation(eventId, (id: string) => api.deleteSponsor(eventId, id));
  const isBusy = orderTiers.isPending || orderSponsors.isPending;
  return (
    <Paper component="section" withBorder shadow="xs" radius="md" p={{ base: 'sm', sm: 'md' }} aria-labelledby={`tier-${tier.id}`} data-testid="org-sponsor-tier">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Box aria-hidden w={6} h={28} style={{ borderRadius: 3, background: tier.colour ?? 'var(--mantine-color-gray-4)', flexShrink: 0 }} />
          <Title order={2} fz="h4" id={`tier-${tier.id}`}>
            {tier.name}
          </Title>
          <Badge variant="outline" color="gray.8" styles={{ root: { textTransform: 'none' } }}>
            {t('sponsors.org.sponsorCount', { count: tier.sponsorCount })}
          </Badge>
        </Group>
        <Group gap={4} wrap="nowrap">
          <MoveButtons name={tier.name} index={index} count={data.tiers.length} disabled={isBusy} onMove={(d) => orderTiers.mutate(moved(data.tiers.map((x) => x.id), index, d), onDone)} />
          <Can rule="AP-483">
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onEdit({ kind: 'sponsor', sponsor: null, tierId: tier.id })} aria-label={`${t('sponsors.org.newSponsor')}: ${tier.name}`}>
              {t('sponsors.org.newSponsor')}
            </Button>
          </Can>
          <Can rule="AP-484">
            <ActionIcon variant="subtle" aria-label={t('sponsors.org.edit', { name: tier.name })} onClick={() => onEdit({ kind: 'tier', tier })}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Can>
          <Can rule="AP-485">
            <ActionIcon variant="subtle" color="red.8" aria-label={t('sponsors.org.delete', { name: tier.name })} loading={removeTier.isPending} onClick={() => askDelete(t, t('sponsors.org.confirmDeleteTier', { name: tier.name }), () => removeTier.mutate(undefined, deleted))}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Can>
        </Group>
      </Group>
      {sponsors.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sponsors.org.emptyTier')}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {sponsors.map((s, i) => (
            <Group component="li" key={s.id} justify="space-between" wrap="nowrap" gap="sm" p="xs" style={{ borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }} data-testid="org-sponsor-row">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <SponsorLogo name={s.name} alt={t('sponsors.org.logoOf', { name: s.name })} url={s.logoUrl} size={48} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {s.name}
                  </Text>
                  {s.website && (
                    <Text size="xs" c="dimmed" truncate>
                      {s.website}
                    </Text>
                  )}
                  {s.companyName && (
                    <Text size="xs" c="teal.9">
                      {t('sponsors.org.exhibitor', { name: s.companyName })}
                    </Text>
                  )}
                  {s.contacts.length > 0 && <ContactList sponsorName={s.name} contacts={s.contacts} />}
                </Stack>
              </Group>
              <Group gap={4} wrap="nowrap">
                <MoveButtons name={s.name} index={i} count={sponsors.length} disabled={isBusy} onMove={(d) => orderSponsors.mutate(moved(sponsors.map((x) => x.id), i, d), onDone)} />
                <FiguresDownload name={s.name} isCompact download={(format) => api.figures(eventId, s.id, format)} />
                <Can rule="AP-484">
                  <ActionIcon variant="subtle" aria-label={t('sponsors.org.edit', { name: s.name })} onClick={() => onEdit({ kind: 'sponsor', sponsor: s, tierId: s.tierId })}>
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                </Can>
                <Can rule="AP-485">
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={t('sponsors.org.delete', { name: s.name })}
                    loading={removeSponsor.isPending && removeSponsor.variables === s.id}
                    onClick={() => askDelete(t, t('sponsors.org.confirmDeleteSponsor', { name: s.name }), () => removeSponsor.mutate(s.id, deleted))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Can>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/** `app/sponsors`: the event's sponsorship tiers and sponsors (Companies codes, SPEC §6 has no sponsor codes). */
export function SponsorsPage() {
  const { t } = useTranslation();
  usePageTitle(t('sponsors.org.title'));
  const eventId = useSectionEventId();
  const admin = useQuery({ queryKey: sponsorsKeys.admin(eventId), queryFn: ({ signal }) => api.admin(eventId, signal), enabled: !!eventId });
  const [editing, setEditing] = useState<TEditing>(null);
  const hasTiers = (admin.data?.tiers.length ?? 0) > 0;
  const newTier = (
    <Can rule="AP-483">
      <Button variant={hasTiers ? 'default' : 'filled'} leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ kind: 'tier', tier: null })} disabled={!eventId}>
        {t('sponsors.org.newTier')}
      </Button>
    </Can>
  );
  return (
    <>
      <PageHeader
        title={t('sponsors.org.title')}
        description={t('sponsors.org.subtitle')}
        actions={
          hasTiers ? (
            <>
              {newTier}
              <Can rule="AP-483">
                <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ kind: 'sponsor', sponsor: null, tierId: null })}>
                  {t('sponsors.org.newSponsor')}
                </Button>
              </Can>
            </>
          ) : undefined
        }
      />
      {!eventId ? (
        <Paper withBorder shadow="xs">
          <EmptyState
            icon={<IconCalendarOff size={32} />}
            title={t('sponsors.org.noEvent')}
            description={t('sponsors.org.noEventBody')}
            action={
              <Button component={Link} to="/list/events" variant="light">
                {t('dashboard.goToEvents')}
              </Button>
            }
          />
        </Paper>
      ) : admin.isPending ? (
        <ListLoading />
      ) : admin.isError ? (
        <ListError error={admin.error} onRetry={() => void admin.refetch()} />
      ) : !hasTiers ? (
        <ListEmpty icon={<IconAward size={32} />} title={t('sponsors.org.noTiers')} body={t('sponsors.org.noTiersBody')} action={newTier} />
      ) : (
        <Stack gap="md">
          {admin.data.tiers.map((tier, i) => (
            <TierCard key={tier.id} eventId={eventId} data={admin.data} tier={tier} index={i} onEdit={setEditing} />
          ))}
        </Stack>
      )}
      {editing?.kind === 'tier' && <TierModal eventId={eventId} tier={editing.tier} onClose={() => setEditing(null)} />}
      {editing?.kind === 'sponsor' && admin.data && <SponsorModal eventId={eventId} data={admin.data} sponsor={editing.sponsor} tierId={editing.tierId} onClose={() => setEditing(null)} />}
    </>
  );
}
