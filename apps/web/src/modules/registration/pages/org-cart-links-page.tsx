import '../organiser-i18n.ts';
import { useState } from 'react';
import { ActionIcon, Button, Group, NativeSelect, NumberInput, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZCartLinkRequest, type TCartLinkRequest } from '@pavilion/domain/registration/registration.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage, translateErrorKey } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { confirmDelete } from '../components/organiser/confirm-delete.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { LinkRow } from '../components/organiser/public-links-card.tsx';
import { useCartLinks, useRegistrationMutation, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { StatusBadge } from '../components/status-badge.tsx';

type TItem = { ticketId: string; quantity: number | string };

function CartLinkModal({ eventId, onClose }: { eventId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = useTickets(eventId);
  const [name, setName] = useState('');
  const [items, setItems] = useState<TItem[]>([{ ticketId: tickets.data?.[0]?.id ?? '', quantity: 1 }]);
  const [coupon, setCoupon] = useState('');
  const [isActive, setActive] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useFormMutation(
    useRegistrationMutation((body: TCartLinkRequest) => api.createCartLink(eventId, body), [registrationKeys.cartLinks(eventId)]),
    { setFieldError: (f, m) => setErrors((prev) => ({ ...prev, [f]: m })), success: () => t('registration.org.saved'), onSuccess: onClose },
  );
  const options = (tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.setFormError(null);
    const body = {
      name: name.trim(),
      items: items.map((i) => ({ ticketId: i.ticketId || (tickets.data?.[0]?.id ?? ''), quantity: Number(i.quantity || 0) })),
      couponCode: coupon.trim() || null,
      isActive,
    };
    const parsed = ZCartLinkRequest.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const i of parsed.error.issues) next[i.path.map(String).join('.')] ??= i.code === 'too_small' ? 'required' : i.message.includes(' ') ? 'invalid' : i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.submit(parsed.data);
  };
  const err = (k: string) => (errors[k] ? (errors[k]!.includes(' ') ? errors[k] : translateErrorKey(t, errors[k]!)) : undefined);

  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('registration.org.newCartLink')}
      onSubmit={submit}
      formError={save.formError}
      isPending={save.isPending}
      cancelLabel={t('registration.org.cancel')}
      submitLabel={t('registration.org.create')}
    >
      <TextInput label={t('registration.org.linkName')} withAsterisk maxLength={120} value={name} error={err('name')} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
      <Text size="sm" fw={500}>
        {t('registration.org.items')}
      </Text>
      {items.map((item, i) => (
        <Group key={i} align="flex-end" gap="xs" wrap="nowrap">
          <NativeSelect
            label={t('registration.org.ticket')}
            data={options}
            value={item.ticketId}
            error={err(`items.${i}.ticketId`)}
            onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, ticketId: e.currentTarget.value } : x)))}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={t('registration.org.quantity')}
            min={1}
            max={100}
            allowDecimal={false}
            value={item.quantity}
            error={err(`items.${i}.quantity`)}
            onChange={(v) => setItems(items.map((x, j) => (j === i ? { ...x, quantity: v } : x)))}
            w={110}
          />
          <ActionIcon variant="subtle" color="red" mb={4} disabled={items.length === 1} aria-label={`${t('registration.org.delete')} ${i + 1}`} onClick={() => setItems(items.filter((_, j) => j !== i))}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="subtle" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setItems([...items, { ticketId: options[0]?.value ?? '', quantity: 1 }])} style={{ alignSelf: 'flex-start' }} disabled={items.length >= 20}>
        {t('registration.org.addItem')}
      </Button>
      <TextInput label={t('registration.org.presetCoupon')} maxLength={40} value={coupon} error={err('couponCode')} onChange={(e) => setCoupon(e.currentTarget.value)} />
      <Switch label={t('registration.org.active')} checked={isActive} onChange={(e) => setActive(e.currentTarget.checked)} />
    </FormModal>
  );
}

/** /app/registration/cart-links: links (cs/{id}) that open registration with tickets and a coupon preset. */
export function OrgCartLinksPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const links = useCartLinks(eventId);
  const tickets = useTickets(eventId);
  const [isOpen, setOpen] = useState(false);
  const remove = useRegistrationMutation((id: string) => api.deleteCartLink(eventId, id), [registrationKeys.cartLinks(eventId)]);
  usePageTitle(t('registration.org.cartLinksTitle'));
  const ticketName = (id: string) => tickets.data?.find((x) => x.id === id)?.name ?? id;
  const newButton = (
    <Can rule="AP-84">
      <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setOpen(true)} disabled={!tickets.data?.length}>
        {t('registration.org.newCartLink')}
      </Button>
    </Can>
  );
  return (
    <Stack gap="lg">
      {links.data && links.data.length > 0 && <Group justify="flex-end">{newButton}</Group>}
      {links.isPending && <ListLoading />}
      {links.isError && <ListError error={links.error} onRetry={() => void links.refetch()} />}
      {links.data?.length === 0 && <ListEmpty icon={<IconLink size={32} />} title={t('registration.org.cartLinksEmpty')} body={t('registration.org.cartLinksEmptyBody')} action={newButton} />}
      {links.data?.map((l) => (
        <Paper key={l.id} withBorder shadow="xs" p="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
              <Group gap="xs">
                <Text fw={700}>{l.name}</Text>
                <StatusBadge color={l.isActive ? 'teal' : 'gray'}>
                  {l.isActive ? t('registration.org.active') : t('registration.org.inactive')}
                </StatusBadge>
                {l.couponCode && (
                  <StatusBadge variant="outline" ff="monospace">
                    {l.couponCode}
                  </StatusBadge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {l.items.map((i) => `${i.quantity} × ${ticketName(i.ticketId)}`).join(', ')}
              </Text>
              <LinkRow label={t('registration.org.tabs.cartLinks')} path={`/cs/${encodeURIComponent(l.id)}`} />
            </Stack>
            <Can rule="AP-86">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`${t('registration.org.delete')} ${l.name}`}
                onClick={() => confirmDelete(t, l.name, () => remove.mutate(l.id, { onError: (e) => toast(errorMessage(e, t), 'error') }))}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Can>
          </Group>
        </Paper>
      ))}
      {isOpen && <CartLinkModal eventId={eventId} onClose={() => setOpen(false)} />}
    </Stack>
  );
}
