import { ActionIcon, Badge, Box, Button, Group, Image, NativeSelect, NumberInput, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCrosshair, IconPlus, IconTrash } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { HOTSPOT_TARGETS, VENUE_HOTSPOTS_MAX, type THotspotTarget, type TVenueHotspot } from '@pavilion/domain/venue/venue.schemas';
import { venueImageUrl } from '../api/venue-api.ts';

const round = (n: number) => Math.round(Math.min(100, Math.max(0, n)) * 10) / 10;

/**
 * The lobby's hotspots: click the banner to place the selected hotspot (or add one there), or type each position
 * in percent of the banner's width and height. `errorOf` gives a field's error (the form's `hotspots.i.field`).
 */
export function HotspotEditor(props: {
  bannerImageId: string | null;
  hotspots: TVenueHotspot[];
  onChange: (hotspots: TVenueHotspot[]) => void;
  selected: number | null;
  onSelect: (index: number | null) => void;
  errorOf: (path: string) => string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { hotspots, onChange, selected, onSelect, disabled } = props;
  const set = (i: number, patch: Partial<TVenueHotspot>) => onChange(hotspots.map((h, j) => (j === i ? { ...h, ...patch } : h)));
  const add = (x = 50, y = 50) => {
    if (hotspots.length >= VENUE_HOTSPOTS_MAX) return;
    onChange([...hotspots, { label: t('venue.org.hotspotN', { n: hotspots.length + 1 }), target: 'exhibition-hall', x, y }]);
    onSelect(hotspots.length);
  };
  const place = (e: MouseEvent<HTMLDivElement>) => {
    if (disabled) return;
    const rect = e.currentTarget.getBoundingClientRect();
    const x = round(((e.clientX - rect.left) / rect.width) * 100);
    const y = round(((e.clientY - rect.top) / rect.height) * 100);
    if (selected !== null && hotspots[selected]) set(selected, { x, y });
    else add(x, y);
  };
  const placing = selected !== null && hotspots[selected] ? selected + 1 : hotspots.length + 1;

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {props.bannerImageId ? t('venue.org.hotspotsHint') : t('venue.org.noBanner')}
      </Text>
      {props.bannerImageId && (
        // A pointer convenience beside the percentage fields below, which are the keyboard's way to place a hotspot.
        <Box pos="relative" onClick={place} style={{ cursor: disabled ? 'default' : 'crosshair', borderRadius: 8, overflow: 'hidden' }} data-testid="hotspot-banner" title={t('venue.org.bannerEditorLabel', { n: placing })}>
          <Image src={venueImageUrl(props.bannerImageId)} alt={t('venue.org.bannerEditorLabel', { n: placing })} w="100%" h="auto" draggable={false} />
          {hotspots.map((h, i) => (
            <Badge
              key={i}
              aria-hidden
              size="lg"
              radius="xl"
              color={i === selected ? 'orange.8' : 'brand.8'}
              variant="filled"
              styles={{ label: { overflow: 'visible' } }}
              style={{ position: 'absolute', left: `${h.x}%`, top: `${h.y}%`, transform: 'translate(-50%, -50%)', pointerEvents: 'none', boxShadow: '0 2px 6px rgba(0,0,0,.4)', textTransform: 'none' }}
            >
              {i + 1}. {h.label}
            </Badge>
          ))}
        </Box>
      )}
      {hotspots.map((h, i) => (
        <Paper key={i} withBorder p="sm" radius="md" style={{ borderColor: i === selected ? 'var(--mantine-color-orange-6)' : undefined }}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <ActionIcon
              variant={i === selected ? 'filled' : 'light'}
              color={i === selected ? 'orange.8' : undefined}
              size="lg"
              aria-pressed={i === selected}
              aria-label={t('venue.org.placeThis', { n: i + 1 })}
              onClick={() => onSelect(i === selected ? null : i)}
              disabled={disabled || !props.bannerImageId}
            >
              <IconCrosshair size={18} />
            </ActionIcon>
            <TextInput label={t('venue.org.label')} value={h.label} onChange={(e) => set(i, { label: e.currentTarget.value })} error={props.errorOf(`hotspots.${i}.label`)} maxLength={60} disabled={disabled} style={{ flex: 2, minWidth: 160 }} />
            <NativeSelect
              label={t('venue.org.target')}
              value={h.target}
              data={HOTSPOT_TARGETS.map((target) => ({ value: target, label: t(`venue.targets.${target}`) }))}
              onChange={(e) => set(i, { target: e.currentTarget.value as THotspotTarget })}
              error={props.errorOf(`hotspots.${i}.target`)}
              disabled={disabled}
              style={{ flex: 1, minWidth: 150 }}
            />
            <NumberInput label={t('venue.org.x')} value={h.x} min={0} max={100} decimalScale={1} onChange={(v) => set(i, { x: typeof v === 'number' ? v : Number(v) })} error={props.errorOf(`hotspots.${i}.x`)} disabled={disabled} w={110} />
            <NumberInput label={t('venue.org.y')} value={h.y} min={0} max={100} decimalScale={1} onChange={(v) => set(i, { y: typeof v === 'number' ? v : Number(v) })} error={props.errorOf(`hotspots.${i}.y`)} disabled={disabled} w={110} />
            <ActionIcon
              variant="subtle"
              color="red.8"
              size="lg"
              aria-label={t('venue.org.removeHotspot', { n: i + 1 })}
              onClick={() => {
                onChange(hotspots.filter((_, j) => j !== i));
                onSelect(null);
              }}
              disabled={disabled}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      {!disabled && hotspots.length < VENUE_HOTSPOTS_MAX && (
        <Group>
          <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => add()}>
            {t('venue.org.addHotspot')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
