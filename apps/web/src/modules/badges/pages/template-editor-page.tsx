import '../badges-i18n.ts';
import { useEffect, useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  ColorInput,
  FileInput,
  Grid,
  Group,
  Loader,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowLeft, IconColorSwatch, IconPhoto, IconQrcode, IconTextSize, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BADGE_LIMITS, BADGE_PAGE_SIZES, BADGE_SHEETS, BADGE_TEXT_SOURCES, BADGE_TEXT_SOURCE_LABELS, type TBadgePageSize } from '@pavilion/domain/badges/badges.enums';
import type { TBadgeElement, TBadgeTemplate } from '@pavilion/domain/badges/badges.schemas';
import { useAccess } from '../../../app/access.ts';
import { toast } from '../../../app/toast.ts';
import { useCurrentEventId } from '../../../app/selected-event.ts';
import { badgesApi } from '../api/badges-api.ts';
import { badgesKeys } from '../api/badges-keys.ts';
import { BadgeCanvas } from '../components/badge-canvas.tsx';
import { clampElement, fitToPage, newElement, readImage, SAMPLE_ATTENDEE } from '../lib/editor.ts';
import { useBadgeFields } from '../lib/use-badges.ts';

type TDraft = Omit<TBadgeTemplate, 'id' | 'eventId' | 'createdAt' | 'updatedAt'>;

/** /app/badges/templates/:templateId: the visual badge designer. */
export function BadgeTemplateEditorPage() {
  const { t } = useTranslation();
  const { templateId = '' } = useParams();
  const [eventId] = useCurrentEventId();
  const id = eventId ?? '';
  const access = useAccess();
  const qc = useQueryClient();
  const tpl = useQuery({ queryKey: badgesKeys.template(id, templateId), queryFn: ({ signal }) => badgesApi.template(id, templateId, signal), enabled: Boolean(id) });
  const fields = useBadgeFields(id);
  const [draft, setDraft] = useState<TDraft | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [previewId, setPreviewId] = useState<string | null>(null);
  const { ref: canvasBox, width: boxWidth } = useElementSize();

  useEffect(() => {
    if (tpl.data && !draft) {
      const { id: _id, eventId: _e, createdAt: _c, updatedAt: _u, ...rest } = tpl.data;
      setDraft(rest);
    }
  }, [tpl.data, draft]);

  const attendees = useQuery({ queryKey: badgesKeys.attendeeList(id, { page: 1, pageSize: 50 }), queryFn: ({ signal }) => badgesApi.attendees(id, { page: 1, pageSize: 50 }, signal), enabled: Boolean(id) });
  const previewAttendee = useQuery({ queryKey: badgesKeys.attendee(id, previewId ?? ''), queryFn: ({ signal }) => badgesApi.attendee(id, previewId!, signal), enabled: Boolean(id && previewId) });

  const save = useMutation({
    mutationFn: (d: TDraft) => badgesApi.updateTemplate(id, templateId, d),
    onSuccess: (saved) => {
      toast(t('badges.saved'), 'success');
      qc.setQueryData(badgesKeys.template(id, templateId), saved);
      void qc.invalidateQueries({ queryKey: badgesKeys.templates(id) });
    },
  });

  const eventColors = useMemo(() => Object.fromEntries((fields.data?.categories ?? []).map((c) => [c.id, c.color])), [fields.data]);

  if (tpl.isLoading || !draft) return tpl.isError ? <Text>{t('badges.loadError')}</Text> : <Loader aria-label={t('badges.editor.title')} />;

  const canEdit = access.can('AP-226');
  const selected = draft.elements.find((e) => e.id === selectedId) ?? null;
  const page = BADGE_SHEETS[draft.pageSize].badge;
  const canvasWidth = Math.max(200, Math.min(boxWidth || 360, 460));
  const data = previewAttendee.data ?? SAMPLE_ATTENDEE;
  const token = previewAttendee.data?.credentialToken ?? `PV1:${id}:sample:1:preview`;

  const setEl = (el: TBadgeElement) => setDraft((d) => (d ? { ...d, elements: d.elements.map((e) => (e.id === el.id ? el : e)) } : d));
  const add = (type: TBadgeElement['type']) => {
    const el = newElement(type, draft.elements, draft.pageSize);
    setDraft({ ...draft, elements: [...draft.elements, el] });
    setSelectedId(el.id);
  };
  const removeSel = () => {
    if (!selected) return;
    setDraft({ ...draft, elements: draft.elements.filter((e) => e.id !== selected.id) });
    setSelectedId(null);
  };
  const describe = (el: TBadgeElement) =>
    el.type === 'text' ? `${t('badges.editor.types.text')}: ${el.source === 'static' ? el.text : BADGE_TEXT_SOURCE_LABELS[el.source]}` : `${t(`badges.editor.types.${el.type}`)} (${el.id})`;
  const num = (label: string, value: number, onChange: (v: number) => void, max: number, min = 0) => (
    <NumberInput label={label} value={value} min={min} max={max} step={1} decimalScale={1} onChange={(v) => onChange(typeof v === 'number' ? v : Number(v) || 0)} disabled={!canEdit} />
  );

  return (
    <Stack>
      <Group justify="space-between">
        <Anchor component={Link} to="/app/badges" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            {t('badges.back')}
          </Group>
        </Anchor>
        {canEdit && (
          <Button onClick={() => save.mutate(draft)} loading={save.isPending}>
            {t('badges.save')}
          </Button>
        )}
      </Group>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('badges.editor.title')}
        </Title>
        <Grid>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <TextInput label={t('badges.editor.name')} value={draft.name} maxLength={120} onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })} disabled={!canEdit} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Select
              label={t('badges.editor.pageSize')}
              data={BADGE_PAGE_SIZES.map((s) => ({ value: s, label: BADGE_SHEETS[s].label }))}
              value={draft.pageSize}
              allowDeselect={false}
              onChange={(v) => v && setDraft({ ...draft, pageSize: v as TBadgePageSize, elements: fitToPage(draft.elements, v as TBadgePageSize) })}
              disabled={!canEdit}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelect
              label={t('badges.editor.tickets')}
              data={(fields.data?.tickets ?? []).map((x) => ({ value: x.id, label: x.name }))}
              value={draft.ticketIds}
              onChange={(v) => setDraft({ ...draft, ticketIds: v })}
              disabled={!canEdit}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <MultiSelect
              label={t('badges.editor.categories')}
              data={(fields.data?.categories ?? []).map((x) => ({ value: x.id, label: x.name }))}
              value={draft.categoryIds}
              onChange={(v) => setDraft({ ...draft, categoryIds: v })}
              disabled={!canEdit}
              clearable
            />
          </Grid.Col>
          <Grid.Col span={12}>
            <Switch label={t('badges.editor.isDefault')} checked={draft.isDefault} onChange={(e) => setDraft({ ...draft, isDefault: e.currentTarget.checked })} disabled={!canEdit} />
          </Grid.Col>
        </Grid>
      </Paper>

      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Paper withBorder p="md">
            <Group justify="space-between" mb="sm" wrap="wrap">
              <Title order={2} size="h4">
                {t('badges.editor.livePreview')}
              </Title>
              <Select
                aria-label={t('badges.editor.previewWith')}
                placeholder={t('badges.editor.sampleAttendee')}
                data={(attendees.data?.items ?? []).map((a) => ({ value: a.registrationId, label: `${a.firstName} ${a.lastName} (${a.registrationNo})` }))}
                value={previewId}
                onChange={setPreviewId}
                searchable
                clearable
                w={260}
              />
            </Group>
            <Box ref={canvasBox} style={{ display: 'flex', justifyContent: 'center', padding: 8, background: 'var(--mantine-color-gray-1)' }}>
              <BadgeCanvas
                pageSize={draft.pageSize}
                elements={draft.elements}
                data={data}
                token={token}
                categoryColors={draft.categoryColors}
                eventColors={eventColors}
                widthPx={Math.min(canvasWidth, ((boxWidth || 360) - 16) * 1)}
                selectedId={selectedId}
                onSelect={setSelectedId}
                onChange={canEdit ? setEl : undefined}
                label={t('badges.editor.canvas', { width: page.width, height: page.height })}
                describeElement={describe}
                resizeLabel={(name) => t('badges.editor.resizeHandle', { name })}
              />
            </Box>
            <Text size="xs" c="dimmed" mt="xs">
              {t('badges.editor.canvas', { width: page.width, height: page.height })}
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('badges.editor.elements')}
              </Title>
              {canEdit && (
                <Group gap="xs" mb="sm">
                  <Button size="xs" variant="light" leftSection={<IconTextSize size={14} />} onClick={() => add('text')}>
                    {t('badges.editor.addText')}
                  </Button>
                  <Button size="xs" variant="light" leftSection={<IconQrcode size={14} />} onClick={() => add('qr')}>
                    {t('badges.editor.addQr')}
                  </Button>
                  <Button size="xs" variant="light" leftSection={<IconColorSwatch size={14} />} onClick={() => add('band')}>
                    {t('badges.editor.addBand')}
                  </Button>
                  <Button size="xs" variant="light" leftSection={<IconPhoto size={14} />} onClick={() => add('image')} disabled={draft.elements.filter((e) => e.type === 'image').length >= BADGE_LIMITS.images}>
                    {t('badges.editor.addImage')}
                  </Button>
                </Group>
              )}
              {draft.elements.length === 0 ? (
                <Text c="dimmed" size="sm">
                  {t('badges.editor.noElements')}
                </Text>
              ) : (
                <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('badges.editor.elements')}>
                  {draft.elements.map((el) => (
                    <li key={el.id}>
                      <UnstyledButton
                        onClick={() => setSelectedId(el.id)}
                        aria-current={el.id === selectedId ? 'true' : undefined}
                        px="sm"
                        py={6}
                        w="100%"
                        style={{ borderRadius: 4, background: el.id === selectedId ? 'var(--mantine-color-brand-0)' : undefined, fontSize: 14 }}
                      >
                        {describe(el)}
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              )}
            </Paper>
            <Paper withBorder p="md">
              <Title order={2} size="h4" mb="sm">
                {t('badges.editor.properties')}
              </Title>
              {!selected ? (
                <Text c="dimmed" size="sm">
                  {t('badges.editor.noSelection')}
                </Text>
              ) : (
                <ElementProperties
                  el={selected}
                  canEdit={canEdit}
                  answerKeys={fields.data?.answerKeys ?? []}
                  onChange={(el) => setEl(clampElement(el, draft.pageSize))}
                  onRemove={removeSel}
                  num={num}
                  page={page}
                />
              )}
            </Paper>
            {(fields.data?.categories.length ?? 0) > 0 && draft.elements.some((e) => e.type === 'band') && (
              <Paper withBorder p="md">
                <Stack gap="xs">
                  {fields.data!.categories.map((c) => (
                    <ColorInput withEyeDropper={false}
                      key={c.id}
                      label={t('badges.editor.categoryColor', { name: c.name })}
                      value={draft.categoryColors[c.id] ?? c.color ?? ''}
                      placeholder="#1c7ed6"
                      format="hex"
                      disabled={!canEdit}
                      onChange={(v) => {
                        const next = { ...draft.categoryColors };
                        if (/^#[0-9a-fA-F]{6}$/.test(v)) next[c.id] = v;
                        else delete next[c.id];
                        setDraft({ ...draft, categoryColors: next });
                      }}
                    />
                  ))}
                </Stack>
              </Paper>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function ElementProperties({
  el,
  canEdit,
  answerKeys,
  onChange,
  onRemove,
  num,
  page,
}: {
  el: TBadgeElement;
  canEdit: boolean;
  answerKeys: { key: string; label: string }[];
  onChange: (el: TBadgeElement) => void;
  onRemove: () => void;
  num: (label: string, value: number, onChange: (v: number) => void, max: number, min?: number) => React.ReactNode;
  page: { width: number; height: number };
}) {
  const { t } = useTranslation();
  const [imageError, setImageError] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <Grid>
        <Grid.Col span={6}>{num(t('badges.editor.x'), el.x, (x) => onChange({ ...el, x }), page.width)}</Grid.Col>
        <Grid.Col span={6}>{num(t('badges.editor.y'), el.y, (y) => onChange({ ...el, y }), page.height)}</Grid.Col>
        <Grid.Col span={6}>{num(t('badges.editor.width'), el.width, (width) => onChange({ ...el, width }), page.width, 2)}</Grid.Col>
        <Grid.Col span={6}>{num(t('badges.editor.height'), el.height, (height) => onChange({ ...el, height }), page.height, 2)}</Grid.Col>
      </Grid>
      {el.type === 'qr' && Math.min(el.width, el.height) < 15 && (
        <Alert color="yellow" p="xs">
          {t('badges.editor.qrSmall')}
        </Alert>
      )}
      {el.type === 'text' && (
        <>
          <Select
            label={t('badges.editor.source')}
            data={BADGE_TEXT_SOURCES.map((s) => ({ value: s, label: BADGE_TEXT_SOURCE_LABELS[s] }))}
            value={el.source}
            allowDeselect={false}
            onChange={(v) => v && onChange({ ...el, source: v as typeof el.source, text: v === 'static' && !el.text ? 'Text' : el.text })}
            disabled={!canEdit}
          />
          {el.source === 'answer' && (
            <Select
              label={t('badges.editor.answerKey')}
              data={answerKeys.map((a) => ({ value: a.key, label: a.label }))}
              value={el.answerKey ?? null}
              onChange={(v) => onChange({ ...el, answerKey: v ?? undefined })}
              disabled={!canEdit}
            />
          )}
          <TextInput
            label={el.source === 'static' ? t('badges.editor.text') : t('badges.editor.fallback')}
            value={el.text}
            maxLength={200}
            onChange={(e) => onChange({ ...el, text: e.currentTarget.value })}
            disabled={!canEdit}
          />
          <Grid>
            <Grid.Col span={6}>{num(t('badges.editor.fontSize'), el.fontSize, (fontSize) => onChange({ ...el, fontSize: Math.min(96, Math.max(4, fontSize)) }), 96, 4)}</Grid.Col>
            <Grid.Col span={6}>
              <ColorInput withEyeDropper={false} label={t('badges.editor.color')} value={el.color} format="hex" onChange={(v) => /^#[0-9a-fA-F]{6}$/.test(v) && onChange({ ...el, color: v })} disabled={!canEdit} />
            </Grid.Col>
          </Grid>
          <Checkbox label={t('badges.editor.bold')} checked={el.fontWeight === 'bold'} onChange={(e) => onChange({ ...el, fontWeight: e.currentTarget.checked ? 'bold' : 'normal' })} disabled={!canEdit} />
          <div>
            <Text size="sm" fw={500} mb={4} id={`align-${el.id}`}>
              {t('badges.editor.align')}
            </Text>
            <SegmentedControl
              aria-labelledby={`align-${el.id}`}
              value={el.align}
              onChange={(v) => onChange({ ...el, align: v as typeof el.align })}
              data={[
                { value: 'left', label: t('badges.editor.left') },
                { value: 'center', label: t('badges.editor.center') },
                { value: 'right', label: t('badges.editor.right') },
              ]}
              disabled={!canEdit}
            />
          </div>
        </>
      )}
      {el.type === 'band' && (
        <>
          <ColorInput withEyeDropper={false} label={t('badges.editor.color')} value={el.color} format="hex" onChange={(v) => /^#[0-9a-fA-F]{6}$/.test(v) && onChange({ ...el, color: v })} disabled={!canEdit} />
          <Checkbox label={t('badges.editor.useCategoryColor')} checked={el.useCategoryColor} onChange={(e) => onChange({ ...el, useCategoryColor: e.currentTarget.checked })} disabled={!canEdit} />
        </>
      )}
      {el.type === 'image' && (
        <FileInput
          label={t('badges.editor.image')}
          accept="image/png,image/jpeg"
          placeholder={el.dataBase64 ? undefined : t('badges.editor.imageMissing')}
          error={imageError}
          disabled={!canEdit}
          onChange={(file) => {
            if (!file) return;
            void readImage(file, BADGE_LIMITS.imageBytes).then((r) => {
              if ('error' in r) setImageError(t(`badges.errors.${r.error}`));
              else {
                setImageError(null);
                onChange({ ...el, ...r });
              }
            });
          }}
        />
      )}
      {canEdit && (
        <Group>
          <ActionIcon variant="light" color="red" onClick={onRemove} aria-label={t('badges.editor.removeElement')}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      )}
    </Stack>
  );
}
