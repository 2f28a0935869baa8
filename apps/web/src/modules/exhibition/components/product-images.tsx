import '../exhibition-i18n.ts';
import { useState } from 'react';
import { ActionIcon, FileInput, Group, Image, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { encodeBase64 } from '@pavilion/domain/common/base64';
import type { TProduct } from '@pavilion/domain/exhibition/exhibition.schemas';
import { Can } from '../../../app/access-gate.tsx';
import { errorMessage } from '../../../app/form-errors.ts';
import { toast } from '../../../app/toast.ts';
import { ListError } from '../../../ui/list-states.tsx';
import { attendeeOrdersApi, productOrdersOrgApi as api } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';

const MAX_BYTES = 1024 * 1024;
const ACCEPT = 'image/jpeg,image/png,image/gif,image/bmp,image/webp';

/** A product's images for the organiser: thumbnails, add (AP-561), remove (AP-561). The server checks type, bytes and size. */
export function ProductImages({ eventId, companyId, product }: { eventId: string; companyId: string; product: TProduct }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const key = exhibitionKeys.productImages(eventId, companyId, product.id);
  const images = useQuery({ queryKey: key, queryFn: ({ signal }) => api.images(eventId, companyId, product.id, signal) });
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: key });
    void qc.invalidateQueries({ queryKey: exhibitionKeys.exhibitorProductImages(eventId, companyId) });
  };
  const upload = useMutation({
    mutationFn: async (file: File) => api.uploadImage(eventId, companyId, product.id, { fileName: file.name, dataBase64: encodeBase64(new Uint8Array(await file.arrayBuffer())) }),
    onSuccess: () => {
      toast(t('exhibition.orders.images.uploaded'), 'success');
      refresh();
    },
    onError: (err) => setError(errorMessage(err, t)),
  });
  const remove = useMutation({
    mutationFn: (imageId: string) => api.deleteImage(eventId, companyId, product.id, imageId),
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
                <Can rule="AP-561">
                  <ActionIcon size="sm" variant="subtle" color="red" aria-label={t('exhibition.orders.images.remove', { name: img.fileName })} onClick={() => remove.mutate(img.id)} loading={remove.isPending && remove.variables === img.id}>
                    <IconTrash size={14} aria-hidden />
                  </ActionIcon>
                </Can>
              </Stack>
            ))}
          </Group>
        )}
        <Can rule="AP-561">
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
        </Can>
      </Stack>
    </Paper>
  );
}
