import '../exhibition-i18n.ts';
import { useState } from 'react';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconPackage, IconPencil, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TProduct } from '@pavilion/domain/exhibition/exhibition.schemas';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListEmpty, ListLoading } from '../../../ui/list-states.tsx';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { myStandCompanyApi as api, myStandKeys } from '../api/my-stand-api.ts';
import { confirmDelete } from './confirm-delete.ts';
import { formatPrice } from './price.ts';
import { ProductImages, type ProductImageSource } from './product-images.tsx';
import { ProductDocuments } from './product-documents.tsx';
import { ProductForm } from './products-modal.tsx';

const AlwaysAllowed: ProductImageSource['Gate'] = ({ children }) => children;

/** My stand (the company admin): the company's products, add and edit them, their photos and documents. */
export function MyProducts({ eventId, companyId }: { eventId: string; companyId: string }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<TProduct | 'new' | null>(null);
  const [photosOf, setPhotosOf] = useState<string | null>(null);
  const [docsOf, setDocsOf] = useState<string | null>(null);
  const products = useQuery({ queryKey: myStandKeys.products(eventId), queryFn: ({ signal }) => api.products(eventId, signal), enabled: !!eventId });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: myStandKeys.products(eventId) });
    void qc.invalidateQueries({ queryKey: exhibitionKeys.exhibitor(eventId, companyId) });
  };
  const remove = useMutation({
    mutationFn: (id: string) => api.deleteProduct(eventId, id),
    onSuccess: () => {
      toast(t('exhibition.products.deleted'), 'success');
      refresh();
    },
    // A product with open orders: the server's 409 says which to settle first.
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  const imagesOf = (productId: string): ProductImageSource => ({
    queryKey: myStandKeys.productImages(eventId, productId),
    list: (signal) => api.images(eventId, productId, signal),
    upload: (body) => api.uploadImage(eventId, productId, body),
    remove: (imageId) => api.deleteImage(eventId, productId, imageId),
    Gate: AlwaysAllowed,
  });
  const form = (product: TProduct | null) => (
    <ProductForm
      eventId={eventId}
      companyId={companyId}
      product={product}
      save={(body) => (product ? api.updateProduct(eventId, product.id, body) : api.createProduct(eventId, body))}
      onSaved={refresh}
      onDone={() => setEditing(null)}
    />
  );
  return (
    <Paper component="section" aria-labelledby="my-products" withBorder p="md" radius="md">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="h4" id="my-products">
            {t('exhibition.stand.productsTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('exhibition.stand.productsIntro')}
          </Text>
        </div>
        {products.isPending && <ListLoading rows={2} />}
        {products.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(products.error, t)}
          </Alert>
        )}
        {products.data?.length === 0 && editing === null && <ListEmpty icon={<IconPackage size={32} />} title={t('exhibition.stand.productsEmpty')} body={t('exhibition.stand.productsEmptyBody')} />}
        {!!products.data?.length && (
          <Stack gap={0} component="ul" aria-label={t('exhibition.stand.productsTitle')} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {products.data.map((p, i) => (
              <li key={p.id}>
                {i > 0 && <Divider />}
                {editing !== null && editing !== 'new' && editing.id === p.id ? (
                  form(p)
                ) : (
                  <Group justify="space-between" wrap="wrap" gap="xs" py="xs">
                    <div>
                      <Text fw={600} size="sm">
                        {p.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {[p.category, p.price === null ? t('exhibition.stand.priceOnRequest') : formatPrice(p.price)].filter(Boolean).join(' · ')}
                      </Text>
                    </div>
                    <Group gap="xs" wrap="wrap">
                      <Button
                        size="xs"
                        variant={photosOf === p.id ? 'light' : 'default'}
                        leftSection={<IconPhoto size={14} aria-hidden />}
                        aria-label={t('exhibition.stand.photosLabel', { name: p.name })}
                        aria-expanded={photosOf === p.id}
                        onClick={() => setPhotosOf(photosOf === p.id ? null : p.id)}
                      >
                        {t('exhibition.stand.photos')}
                      </Button>
                      <Button
                        size="xs"
                        variant={docsOf === p.id ? 'light' : 'default'}
                        leftSection={<IconFileText size={14} aria-hidden />}
                        aria-label={t('exhibition.productDocs.manage', { name: p.name })}
                        aria-expanded={docsOf === p.id}
                        onClick={() => setDocsOf(docsOf === p.id ? null : p.id)}
                      >
                        {t('exhibition.productDocs.documents')}
                      </Button>
                      <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} aria-label={t('exhibition.stand.editProductLabel', { name: p.name })} onClick={() => setEditing(p)}>
                        {t('exhibition.stand.editProduct')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={t('exhibition.products.remove', { name: p.name })}
                        loading={remove.isPending && remove.variables === p.id}
                        onClick={() => confirmDelete(t, { title: t('exhibition.products.removeTitle', { name: p.name }), body: t('exhibition.products.removeBody'), confirm: t('exhibition.companies.delete'), onConfirm: () => remove.mutate(p.id) })}
                      >
                        {t('exhibition.stand.deleteProduct')}
                      </Button>
                    </Group>
                  </Group>
                )}
                {photosOf === p.id && <ProductImages eventId={eventId} companyId={companyId} product={p} source={imagesOf(p.id)} />}
                {docsOf === p.id && <ProductDocuments eventId={eventId} companyId={companyId} product={p} isMine />}
              </li>
            ))}
          </Stack>
        )}
        {editing === 'new' ? (
          form(null)
        ) : (
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')} w="fit-content">
            {t('exhibition.stand.addProduct')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
