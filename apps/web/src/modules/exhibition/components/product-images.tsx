import '../exhibition-i18n.ts';
import { useState, type ReactNode } from 'react';
import { ActionIcon, FileInput, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain/common/base64';
import type { TProduct } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TProductImage, TProductImageUpload } from '@pavilion/domain/exhibition/product-orders';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListError } from '../../../ui/list-states.tsx';
import { attendeeOrdersApi, productOrdersOrgApi as api } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

const MAX_BYTES = 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/gif,image/bmp,image/webp';

/** Where a product's images are read and changed: the organiser's routes (AP-559/561) or the company admin's My stand. */
export type ProductImageSource = {
  queryKey: readonly unknown[];
  list: (signal?: AbortSignal) => Promise<TProductImage[]>;
  upload: (body: TProductImageUpload) => Promise<unknown>;
  remove: (imageId: string) => Promise<unknown>;
  /** Wraps the add and remove controls (the organiser's AP-561 gate; My stand's admin always may). */
  Gate: (props: { children: ReactNode }) => ReactNode;
};
const OrganiserGate = ({ children }: { children: ReactNode }) => <Can rule="AP-561">{children}</Can>;

/** A product's images: thumbnails, add, remove. The organiser's by default (AP-561). The server checks type, bytes and size. */
export function ProductImages({ eventId, companyId, product, source }: { eventId: string; companyId: string; product: TProduct; source?: ProductImageSource }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const src: ProductImageSource = source ?? {
    queryKey: exhibitionKeys.productImages(eventId, companyId, product.id),
    list: (signal) => api.images(eventId, companyId, product.id, signal),
    upload: (body) => api.uploadImage(eventId, companyId, product.id, body),
    remove: (imageId) => api.deleteImage(eventId, companyId, product.id, imageId),
    Gate: OrganiserGate,
  };
  const { Gate } = src;
  const images = useQuery({ queryKey: src.queryKey, queryFn: ({ signal }) => src.list(signal) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: src.queryKey });
    void qc.invalidateQueries({ queryKey: exhibitionKeys.exhibitorProductImages(eventId, companyId) });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => src.upload({ fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) }),
    onSuccess: () => {
      toast(t('exhibition.orders.images.uploaded'), 'success');
      refresh();
    },
    onError: (err) => setError(errorMessage(err, t)),
  });
  const remove = useMutation({
    mutationFn: (imageId: string) => src.remove(imageId),
    onSuccess: () => {
      toast(t('exhibition.orders.images.removed'), 'success');
      refresh();
    },
    onError: (err) => toast(errorMessage(err, t), 'error'),
  });
  return (
    <Paper withBorder p="sm" radius="sm" component="section" aria-label={t('exhibition.orders.images.manage', { name: product.name })}>
      <Stack gap="xs">
        {images.isPending && <Skeleton h={72} />}
        {images.isError && <ListError error={images.error} onRetry={() => void images.refetch()} />}
        {images.data?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('exhibition.orders.images.none')}
          </Text>
        )}
        {images.data && images.data.length > 0 && (
          <Group gap="xs">
            {images.data.map((img) => (
              <Stack key={img.id} gap={2} align="center">
                <Image src={attendeeOrdersApi.imageUrl(eventId, companyId, product.id, img.id)} alt={img.fileName} w={96} h={72} fit="cover" radius="sm" />
                <Gate>
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('exhibition.orders.images.remove', { name: img.fileName })} onClick={() => remove.mutate(img.id)} loading={remove.isPending && remove.variables === img.id}>
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Gate>
              </Stack>
            ))}
          </Group>
        )}
        <Gate>
          <FileInput
            label={t('exhibition.orders.images.add')}
            description={t('exhibition.orders.images.hint')}
            accept={ACCEPT}
            leftSection={<IconPhotoPlus size={16} aria-hidden />}
            value={null}
            error={error}
            disabled={upload.isPending}
            onChange={(file) => {
              setError(null);
              if (!file) return;
              if (file.size > MAX_BYTES) {
                setError(t('exhibition.orders.images.tooLarge'));
                return;
              }
              upload.mutate(file);
            }}
          />
        </Gate>
      </Stack>
    </Paper>
  );
}
