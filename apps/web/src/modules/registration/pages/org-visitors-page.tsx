import '../organiser-i18n.ts';
import { useState } from 'react';
import { ActionIcon, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCalendarPlus, IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ZDateOptionRequest,
  ZVisitorCategoryRequest,
  type TDateOptionRequest,
  type TVisitorCategory,
  type TVisitorCategoryRequest,
} from '@pavilion/domain/registration/registration.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage, schemaValidator } from '../../../app/form-errors.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { toast } from '../../../app/toast.ts';
import { formatDate } from '../../../ui/format.ts';
import { usePageTitle } from '../../../ui/use-page-title.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { organiserRegistrationApi as api } from '../api/organiser-registration-api.ts';
import { registrationKeys } from '../api/registration-keys.ts';
import { confirmDelete } from '../components/organiser/confirm-delete.ts';
import { ListEmpty, ListError, ListLoading } from '../../../ui/list-states.tsx';
import { LinkRow } from '../components/organiser/public-links-card.tsx';
import { useCategories, useDateOptions, useRegistrationMutation, useTickets } from '../hooks/use-organiser-registration.ts';
import { useSectionEventId } from '../../../app/selected-event.ts';
import { DataTable } from '../../../ui/data-table.tsx';

type TCategoryValues = { name: string; slug: string; description: string; ticketId: string };
const toCategoryRequest = (v: TCategoryValues): TVisitorCategoryRequest => ({
  name: v.name.trim(),
  slug: v.slug.trim(),
  description: v.description.trim(),
  ticketId: v.ticketId || null,
});
/** "Trade Visitor" -> "trade-visitor". */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

function CategoryModal({ eventId, category, isOpen, onClose }: { eventId: string; category: TVisitorCategory | null; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = useTickets(eventId);
  const form = useForm<TCategoryValues>({
    mode: 'controlled',
    initialValues: { name: category?.name ?? '', slug: category?.slug ?? '', description: category?.description ?? '', ticketId: category?.ticketId ?? '' },
    validate: schemaValidator<TCategoryValues>(ZVisitorCategoryRequest, t, toCategoryRequest),
  });
  const save = useRegistrationMutation(
    (body: TVisitorCategoryRequest) => (category ? api.updateCategory(eventId, category.id, body) : api.createCategory(eventId, body)),
    [registrationKeys.categories(eventId), registrationKeys.public()],
  );
  const saveForm = useFormMutation(save, { setFieldError: form.setFieldError, success: () => t('registration.org.saved'), onSuccess: onClose });
  return (
    <FormModal
      opened={isOpen}
      onClose={onClose}
      title={category ? t('registration.org.editCategory') : t('registration.org.newCategory')}
      onSubmit={form.onSubmit((v) => saveForm.submit(toCategoryRequest(v)))}
      formError={saveForm.formError}
      isPending={saveForm.isPending}
      cancelLabel={t('registration.org.cancel')}
      submitLabel={category ? t('registration.org.save') : t('registration.org.create')}
    >
      <TextInput
        label={t('registration.org.categoryName')}
        withAsterisk
        maxLength={120}
        data-autofocus
        {...form.getInputProps('name')}
        onChange={(e) => {
          const name = e.currentTarget.value;
          if (!category && form.values.slug === slugify(form.values.name)) form.setFieldValue('slug', slugify(name));
          form.setFieldValue('name', name);
        }}
      />
      <TextInput label={t('registration.org.slug')} description={t('registration.org.slugHint', { slug: form.values.slug || '…' })} withAsterisk maxLength={60} {...form.getInputProps('slug')} />
      <Textarea label={t('registration.org.description')} autosize minRows={2} maxLength={2000} {...form.getInputProps('description')} />
      <NativeSelect
        label={t('registration.org.categoryTicket')}
        data={[{ value: '', label: '—' }, ...(tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
        {...form.getInputProps('ticketId')}
      />
    </FormModal>
  );
}

type TDateValues = { categoryId: string; date: string; label: string; ticketId: string };
const toDateRequest = (v: TDateValues): TDateOptionRequest => ({ categoryId: v.categoryId, date: v.date, label: v.label.trim(), ticketId: v.ticketId || null });

function DateModal({ eventId, categories, isOpen, onClose }: { eventId: string; categories: TVisitorCategory[]; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const tickets = useTickets(eventId);
  const form = useForm<TDateValues>({
    mode: 'controlled',
    initialValues: { categoryId: categories[0]?.id ?? '', date: '', label: '', ticketId: '' },
    validate: schemaValidator<TDateValues>(ZDateOptionRequest, t, toDateRequest),
  });
  const save = useRegistrationMutation((body: TDateOptionRequest) => api.createDateOption(eventId, body), [registrationKeys.dateOptions(eventId), registrationKeys.public()]);
  const saveForm = useFormMutation(save, {
    setFieldError: form.setFieldError,
    success: () => t('registration.org.saved'),
    onSuccess: () => {
      form.reset();
      onClose();
    },
  });
  return (
    <FormModal
      opened={isOpen}
      onClose={onClose}
      title={t('registration.org.newDate')}
      onSubmit={form.onSubmit((v) => saveForm.submit(toDateRequest(v)))}
      formError={saveForm.formError}
      isPending={saveForm.isPending}
      cancelLabel={t('registration.org.cancel')}
      submitLabel={t('registration.org.create')}
    >
      <NativeSelect label={t('registration.org.dateCategory')} withAsterisk data={categories.map((c) => ({ value: c.id, label: c.name }))} {...form.getInputProps('categoryId')} />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput type="date" label={t('registration.org.date')} withAsterisk {...form.getInputProps('date')} />
        <TextInput label={t('registration.org.dateLabel')} maxLength={200} {...form.getInputProps('label')} />
      </SimpleGrid>
      <NativeSelect
        label={t('registration.org.dateTicket')}
        data={[{ value: '', label: '—' }, ...(tickets.data ?? []).map((x) => ({ value: x.id, label: x.name }))]}
        {...form.getInputProps('ticketId')}
      />
    </FormModal>
  );
}

/** /app/registration/visitors: visitor categories (each with its public link) and the dates visitors can pick. */
export function OrgVisitorsPage() {
  const { t } = useTranslation();
  const eventId = useSectionEventId();
  const categories = useCategories(eventId);
  const dates = useDateOptions(eventId);
  const tickets = useTickets(eventId);
  const [editing, setEditing] = useState<TVisitorCategory | null>(null);
  const [isCategoryOpen, setCategoryOpen] = useState(false);
  const [isDateOpen, setDateOpen] = useState(false);
  const removeCategory = useRegistrationMutation((id: string) => api.deleteCategory(eventId, id), [registrationKeys.categories(eventId), registrationKeys.dateOptions(eventId)]);
  const removeDate = useRegistrationMutation((id: string) => api.deleteDateOption(eventId, id), [registrationKeys.dateOptions(eventId)]);
  usePageTitle(t('registration.org.categoriesTitle'));
  const e = encodeURIComponent(eventId);
  const ticketName = (id: string | null) => (id ? (tickets.data?.find((x) => x.id === id)?.name ?? '—') : '—');

  const newCategory = (
    <Can rule="AP-113">
      <Button
        leftSection={<IconPlus size={18} aria-hidden />}
        onClick={() => {
          setEditing(null);
          setCategoryOpen(true);
        }}
      >
        {t('registration.org.newCategory')}
      </Button>
    </Can>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} fz="h4">
          {t('registration.org.categoriesTitle')}
        </Title>
        {categories.data && categories.data.length > 0 && newCategory}
      </Group>
      {categories.isPending && <ListLoading />}
      {categories.isError && <ListError error={categories.error} onRetry={() => void categories.refetch()} />}
      {categories.data?.length === 0 && (
        <ListEmpty icon={<IconUsersGroup size={32} />} title={t('registration.org.categoriesEmpty')} body={t('registration.org.categoriesEmptyBody')} action={newCategory} />
      )}
      {categories.data && categories.data.length > 0 && (
        <Stack gap="sm">
          {categories.data.map((c) => (
            <Paper key={c.id} withBorder shadow="xs" p="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={700}>{c.name}</Text>
                  <Text size="sm" c="dimmed">
                    {t('registration.org.ticket')}: {ticketName(c.ticketId)}
                  </Text>
                  <LinkRow label={t('registration.org.linkVisitor')} path={`/visitors/${encodeURIComponent(c.slug)}?eventId=${e}`} />
                  <LinkRow label={t('registration.org.datesTitle')} path={`/lvp-select-date/${encodeURIComponent(c.id)}`} />
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <Can rule="AP-114">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('registration.org.edit')} ${c.name}`}
                      onClick={() => {
                        setEditing(c);
                        setCategoryOpen(true);
                      }}
                    >
                      <IconPencil size={16} aria-hidden />
                    </ActionIcon>
                  </Can>
                  <Can rule="AP-115">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('registration.org.delete')} ${c.name}`}
                      onClick={() => confirmDelete(t, c.name, () => removeCategory.mutate(c.id, { onError: (err) => toast(errorMessage(err, t), 'error') }))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Can>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}

      <Group justify="space-between" mt="md">
        <Title order={2} fz="h4">
          {t('registration.org.datesTitle')}
        </Title>
        {categories.data && categories.data.length > 0 && (
          <Can rule="AP-113">
            <Button variant="default" leftSection={<IconCalendarPlus size={18} aria-hidden />} onClick={() => setDateOpen(true)}>
              {t('registration.org.newDate')}
            </Button>
          </Can>
        )}
      </Group>
      {dates.isPending && <ListLoading rows={2} />}
      {dates.data?.length === 0 && <Text c="dimmed">{t('registration.org.datesEmptyBody')}</Text>}
      {dates.data && dates.data.length > 0 && (
        <DataTable columns={[t('registration.org.date'), t('registration.org.dateLabel'), t('registration.org.dateCategory'), t('registration.org.ticket'), t('registration.org.available'), { label: t('registration.org.actions'), isHidden: true }]} minWidth={600}>
          {[...dates.data]
            .sort((a, b) => a.date.localeCompare(b.date))
            .map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{formatDate(d.date)}</Table.Td>
                <Table.Td>{d.label || '—'}</Table.Td>
                <Table.Td>{categories.data?.find((c) => c.id === d.categoryId)?.name ?? '—'}</Table.Td>
                <Table.Td>{ticketName(d.ticketId)}</Table.Td>
                <Table.Td>{d.available ?? t('registration.org.unlimited')}</Table.Td>
                <Table.Td>
                  <Can rule="AP-115">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t('registration.org.delete')} ${formatDate(d.date)}`}
                      onClick={() => confirmDelete(t, formatDate(d.date), () => removeDate.mutate(d.id, { onError: (err) => toast(errorMessage(err, t), 'error') }))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Can>
                </Table.Td>
              </Table.Tr>
            ))}
        </DataTable>
      )}
      {isCategoryOpen && <CategoryModal eventId={eventId} category={editing} isOpen onClose={() => setCategoryOpen(false)} />}
      {isDateOpen && <DateModal eventId={eventId} categories={categories.data ?? []} isOpen onClose={() => setDateOpen(false)} />}
    </Stack>
  );
}
