import { useEffect, useState } from 'react';
import { ActionIcon, Button, Checkbox, Divider, Group, Modal, NumberInput, Paper, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconFileText, IconPencil, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TExhibitingCompany, TProduct, TProductInput } from '@pavilion/domain/exhibition/exhibition.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { ListError } from '../../../ui/list-states.tsx';
import { exhibitionOrgApi as api } from '../api/exhibition-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { confirmDelete } from './confirm-delete.ts';
import { CompanyProductOrders } from './company-product-orders.tsx';
import { ProductImages } from './product-images.tsx';
import { ProductDocuments } from './product-documents.tsx';
import { formatPrice } from './price.ts';

type TDraft = { name: string; category: string; description: string; price: number | ''; onRequest: boolean };
const draftOf = (p: TProduct | null): TDraft => ({ name: p?.name ?? '', category: p?.category ?? '', description: p?.description ?? '', price: p?.price ?? '', onRequest: p ? p.price === null : false });

/**
 * A product's form (name, category, description, price or on request). The organiser's by default; My stand passes
 * the company admin's own `save` and what to refresh after it (the server applies the same rules to both).
 */
export function ProductForm({ eventId, companyId, product, onDone, save, onSaved }: { eventId: string; companyId: string; product: TProduct | null; onDone: () => void; save?: (body: TProductInput) => Promise<TProduct>; onSaved?: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<TDraft>(() => draftOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: (body: TProductInput) => (save ? save(body) : product ? api.updateProduct(eventId, companyId, product.id, body) : api.createProduct(eventId, companyId, body)),
    onSuccess: () => {
      if (onSaved) return onSaved();
      void qc.invalidateQueries({ queryKey: exhibitionKeys.products(eventId, companyId) });
      void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
    },
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: () => (product ? t('exhibition.products.saved') : t('exhibition.products.created')),
    onSuccess: onDone,
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" aria-label={product ? t('exhibition.products.edit', { name: product.name }) : t('exhibition.products.new')}
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        setErrors({});
        form.submit({ name: draft.name, category: draft.category, description: draft.description, price: draft.onRequest ? null : draft.price === '' ? (Number.NaN as number) : draft.price });
      }}
      noValidate
    >
      <Stack gap="sm">
        <FormAlert message={form.formError} />
        <TextInput label={t('exhibition.products.name')} required maxLength={160} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} error={errors.name || undefined} data-autofocus />
        <TextInput label={t('exhibition.products.category')} maxLength={80} value={draft.category} onChange={(e) => setDraft({ ...draft, category: e.currentTarget.value })} error={errors.category || undefined} />
        <Textarea label={t('exhibition.products.description')} autosize minRows={2} maxLength={4000} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })} error={errors.description || undefined} />
        <Group align="flex-end" gap="md">
          <NumberInput
            label={t('exhibition.products.price')}
            min={0}
            decimalScale={2}
            disabled={draft.onRequest}
            value={draft.price}
            onChange={(v) => setDraft({ ...draft, price: typeof v === 'number' ? v : v === '' ? '' : Number(v) })}
            error={errors.price || undefined}
            w={160}
          />
          <Checkbox label={t('exhibition.products.onRequest')} checked={draft.onRequest} onChange={(e) => setDraft({ ...draft, onRequest: e.currentTarget.checked })} mb={8} />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={form.isPending}>
            {t('exhibition.products.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A company's products: the list, add, edit, delete (AP-559 view, AP-560 create, AP-561 edit, AP-562 delete). */
export function ProductsModal({ eventId, company, onClose }: { eventId: string; company: TExhibitingCompany | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const companyId = company?.id ?? '';
  const [editing, setEditing] = useState<TProduct | 'new' | null>(null);
  const [imagesOf, setImagesOf] = useState<string | null>(null);
  const [docsOf, setDocsOf] = useState<string | null>(null);
  useEffect(() => {
    setEditing(null);
    setImagesOf(null);
    setDocsOf(null);
  }, [companyId]);
  const products = useQuery({ queryKey: exhibitionKeys.products(eventId, companyId), queryFn: ({ signal }) => api.products(eventId, companyId, signal), enabled: !!company });
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteProduct(eventId, companyId, id),
    onSuccess: () => {
      toast(t('exhibition.products.deleted'), 'success');
      void qc.invalidateQueries({ queryKey: exhibitionKeys.products(eventId, companyId) });
      void qc.invalidateQueries({ queryKey: exhibitionKeys.companies(eventId) });
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  return (
    <Modal opened={!!company} onClose={onClose} title={t('exhibition.products.title', { name: company?.name ?? '' })} size="lg">
      <Stack gap="md">
        {products.isPending && <Skeleton h={60} />}
        {products.isError && <ListError error={products.error} onRetry={() => void products.refetch()} />}
        {products.data?.length === 0 && editing === null && (
          <Text c="dimmed" size="sm">
            {t('exhibition.products.empty')}
          </Text>
        )}
        {products.data && products.data.length > 0 && (
          <Stack gap={0} component="ul" aria-label={t('exhibition.products.listLabel')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {products.data.map((p, i) => (
              <li key={p.id}>
                {i > 0 && <Divider />}
                {editing !== null && editing !== 'new' && editing.id === p.id ? (
                  <ProductForm eventId={eventId} companyId={companyId} product={p} onDone={() => setEditing(null)} />
                ) : (
                  <Group justify="space-between" wrap="nowrap" py="xs">
                    <div>
                      <Text fw={600} size="sm">
                        {p.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[p.category, p.price === null ? t('exhibition.products.onRequest') : formatPrice(p.price)].filter(Boolean).join(' · ')}
                      </Text>
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant={imagesOf === p.id ? 'light' : 'subtle'} color="gray" aria-label={t('exhibition.orders.images.manage', { name: p.name })} aria-expanded={imagesOf === p.id} onClick={() => setImagesOf(imagesOf === p.id ? null : p.id)}>
                        <IconPhoto size={16} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant={docsOf === p.id ? 'light' : 'subtle'} color="gray" aria-label={t('exhibition.productDocs.manage', { name: p.name })} aria-expanded={docsOf === p.id} onClick={() => setDocsOf(docsOf === p.id ? null : p.id)}>
                        <IconFileText size={16} aria-hidden />
                      </ActionIcon>
                      <Can rule="AP-561">
                        <ActionIcon variant="subtle" color="gray" aria-label={t('exhibition.products.edit', { name: p.name })} onClick={() => setEditing(p)}>
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Can>
                      <Can rule="AP-562">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('exhibition.products.remove', { name: p.name })}
                          onClick={() => confirmDelete(t, { title: t('exhibition.products.removeTitle', { name: p.name }), body: t('exhibition.products.removeBody'), confirm: t('exhibition.companies.delete'), onConfirm: () => remove.mutate(p.id) })}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Can>
                    </Group>
                  </Group>
                )}
                {imagesOf === p.id && <ProductImages eventId={eventId} companyId={companyId} product={p} />}
                {docsOf === p.id && <ProductDocuments eventId={eventId} companyId={companyId} product={p} />}
              </li>
            ))}
          </Stack>
        )}
        {editing === 'new' ? (
          <ProductForm eventId={eventId} companyId={companyId} product={null} onDone={() => setEditing(null)} />
        ) : (
          <Can rule="AP-560">
            <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} w="fit-content">
              {t('exhibition.products.new')}
            </Button>
          </Can>
        )}
        {company && (
          <Can rule="AP-572">
            <Divider />
            <CompanyProductOrders eventId={eventId} companyId={companyId} companyName={company.name} />
          </Can>
        )}
      </Stack>
    </Modal>
  );
}
