import '../exhibition-i18n.ts';
import { Suspense, useState } from 'react';
import { Button, Group, Image, Modal, NumberInput, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TProduct } from '@pavilion/domain/exhibition/exhibition.schemas';
import type { TProductOrderInput } from '@pavilion/domain/exhibition/product-orders';
import { useEventData } from '../../../app/session-storage.ts';
import { useFormMutation } from '../../../app/use-form-mutation.ts';
import { FormAlert } from '../../../ui/form-alert.tsx';
import { currencyOfTimeZone } from '@pavilion/domain/reference/countries';
import { usePublicEvent } from '../../events/index.ts';
import { AskProduct } from '../../leads/index.ts';
import { attendeeOrdersApi } from '../api/product-orders-api.ts';
import { exhibitionKeys } from '../api/exhibition-keys.ts';
import { formatMoney } from './price.ts';
import { OrderLine, OrderStatusBadge } from './product-order-parts.tsx';
import { ProductDocumentLinks, useExhibitorProductDocuments } from './product-documents.tsx';

/** A product's photos in a row that scrolls sideways on a phone. */
function ProductPhotos({ eventId, companyId, product, imageIds }: { eventId: string; companyId: string; product: TProduct; imageIds: string[] }) {
  const { t } = useTranslation();
  if (imageIds.length === 0) return null;
  return (
    <ScrollArea type="auto" offsetScrollbars aria-label={t('exhibition.orders.attendee.photos', { name: product.name })}>
      <Group gap="xs" wrap="nowrap">
        {imageIds.map((id, i) => (
          <Image key={id} src={attendeeOrdersApi.imageUrl(eventId, companyId, product.id, id)} alt={t('exhibition.orders.attendee.photo', { n: i + 1, name: product.name })} h={96} w={128} fit="cover" radius="sm" loading="lazy" />
        ))}
      </Group>
    </ScrollArea>
  );
}

function OrderModal({ eventId, companyId, companyName, product, currency, onClose }: { eventId: string; companyId: string; companyName: string; product: TProduct | null; currency: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [quantity, setQuantity] = useState<number | ''>(1);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: (body: TProductOrderInput) => attendeeOrdersApi.order(eventId, companyId, body),
    onSuccess: () => void qc.invalidateQueries({ queryKey: exhibitionKeys.attendeeOrders(eventId) }),
  });
  const form = useFormMutation(mutation, {
    setFieldError: (field, message) => setErrors((e) => ({ ...e, [field]: message })),
    success: () => t('exhibition.orders.attendee.sent', { company: companyName }),
    onSuccess: () => {
      setQuantity(1);
      setNote('');
      onClose();
    },
  });
  if (!product) return null;
  const isQuote = product.price === null;
  const qty = typeof quantity === 'number' ? quantity : 0;
  return (
    <Modal opened onClose={onClose} title={isQuote ? t('exhibition.orders.attendee.quoteTitle', { name: product.name }) : t('exhibition.orders.attendee.modalTitle', { name: product.name })} fullScreen={false}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setErrors({});
          // The price is never sent: the server prices the order.
          form.submit({ productId: product.id, quantity: typeof quantity === 'number' ? quantity : (Number.NaN as number), note });
        }}
        noValidate
      >
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <NumberInput label={t('exhibition.orders.attendee.quantity')} required min={1} max={10000} allowDecimal={false} allowNegative={false} value={quantity} onChange={(v) => setQuantity(typeof v === 'number' ? v : '')} error={errors.quantity || undefined} data-autofocus size="md" />
          <Textarea label={t('exhibition.orders.attendee.note')} autosize minRows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note || undefined} size="md" />
          {isQuote ? (
            <Text size="sm" c="dimmed">
              {t('exhibition.orders.attendee.quoteHint')}
            </Text>
          ) : (
            <Stack gap={0}>
              <Text size="sm">{t('exhibition.orders.attendee.unitPrice', { price: formatMoney(product.price ?? 0, currency) })}</Text>
              <Text fw={700} aria-live="polite">
                {t('exhibition.orders.attendee.total', { total: formatMoney((product.price ?? 0) * qty, currency) })}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={form.isPending}>
              {isQuote ? t('exhibition.orders.attendee.sendQuote') : t('exhibition.orders.attendee.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The signed-in attendee's orders with this company, with their statuses. */
function MyOrdersHere({ eventId, companyId, companyName }: { eventId: string; companyId: string; companyName: string }) {
  const { t } = useTranslation();
  const mine = useQuery({ queryKey: exhibitionKeys.attendeeOrders(eventId), queryFn: ({ signal }) => attendeeOrdersApi.mine(eventId, signal) });
  const here = mine.data?.items.filter((o) => o.companyId === companyId) ?? [];
  if (here.length === 0) return null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="my-orders-here">
      <Stack gap="xs">
        <Title order={3} fz="h5" id="my-orders-here">
          {t('exhibition.orders.attendee.myOrders', { company: companyName })}
        </Title>
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {here.map((o) => (
            <li key={o.id} data-testid="my-order">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <OrderLine order={o} />
                <OrderStatusBadge status={o.status} />
              </Group>
              {o.status === 'rejected' && o.rejectionReason && (
                <Text size="xs" c="red.9">
                  {t('exhibition.orders.attendee.reason', { reason: o.rejectionReason })}
                </Text>
              )}
            </li>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

/**
 * The products on a company's page (Exhibitors tab): photos, price or "on request", documents to open, and for a signed-in participant
 * of the event an Order (or "Request a quote") button and their own orders here with their statuses.
 */
export function CompanyProducts({ eventId, companyId, companyName, products }: { eventId: string; companyId: string; companyName: string; products: TProduct[] }) {
  const { t } = useTranslation();
  const eventData = useEventData();
  const isParticipant = eventData?.eventId === eventId;
  // Products carry no currency: the event's (from its time zone, as its tickets get it), where it has one.
  const event = usePublicEvent(eventId);
  const currency = event.data ? currencyOfTimeZone(event.data.timeZone) : null;
  const [ordering, setOrdering] = useState<TProduct | null>(null);
  const images = useQuery({ queryKey: exhibitionKeys.exhibitorProductImages(eventId, companyId), queryFn: ({ signal }) => attendeeOrdersApi.productImages(eventId, companyId, signal), enabled: products.length > 0 });
  const documents = useExhibitorProductDocuments(eventId, companyId, products.length > 0);
  return (
    <>
      <Title order={3} fz="h4">
        {t('exhibition.attendee.products')}
      </Title>
      {isParticipant && <MyOrdersHere eventId={eventId} companyId={companyId} companyName={companyName} />}
      {products.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('exhibition.attendee.noProducts')}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {products.map((p) => (
            <Paper key={p.id} withBorder p="md" radius="md" component="li" data-testid="product">
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600}>{p.name}</Text>
                    {p.category && (
                      <Text size="xs" c="dimmed">
                        {p.category}
                      </Text>
                    )}
                  </Stack>
                  <Text fw={600} size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {p.price === null ? t('exhibition.attendee.onRequest') : formatMoney(p.price, currency)}
                  </Text>
                </Group>
                <ProductPhotos eventId={eventId} companyId={companyId} product={p} imageIds={images.data?.[p.id] ?? []} />
                {p.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                    {p.description}
                  </Text>
                )}
                <ProductDocumentLinks eventId={eventId} companyId={companyId} product={p} documents={documents.data?.[p.id] ?? []} />
                {isParticipant && (
                  <Group gap="xs">
                    <Button
                      variant="light"
                      leftSection={<IconShoppingCart size={18} aria-hidden />}
                      w="fit-content"
                      onClick={() => setOrdering(p)}
                      aria-label={p.price === null ? t('exhibition.orders.attendee.quoteLabel', { name: p.name }) : t('exhibition.orders.attendee.orderLabel', { name: p.name })}
                    >
                      {p.price === null ? t('exhibition.orders.attendee.requestQuote') : t('exhibition.orders.attendee.order')}
                    </Button>
                    {/* Leads' inquiries (lazy): the question goes to the company with this product's id. */}
                    <Suspense fallback={null}>
                      <AskProduct eventId={eventId} companyId={companyId} product={p} />
                    </Suspense>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      {products.length > 0 && !isParticipant && (
        <Text size="sm" c="dimmed">
          {t('exhibition.orders.attendee.signInToOrder')}
        </Text>
      )}
      <OrderModal key={ordering?.id ?? 'none'} eventId={eventId} companyId={companyId} companyName={companyName} product={ordering} currency={currency} onClose={() => setOrdering(null)} />
    </>
  );
}
