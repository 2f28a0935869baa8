import type { MouseEvent } from 'react';
import { Box, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TBooth } from '@pavilion/domain/exhibition/exhibition.schemas';

export const HELD = 'var(--mantine-color-teal-1)';
export const HELD_BORDER = 'var(--mantine-color-teal-8)';
export const FREE = 'var(--mantine-color-gray-0)';
export const FREE_BORDER = 'var(--mantine-color-gray-6)';

/**
 * The plan's background: the grid's lines over the hall's floor-plan image (stretched to the grid's shape) seen through
 * a white veil, so the lines, the booths and their labels keep their contrast whatever the image is.
 */
export function planBackground(columns: number, rows: number, imageUrl: string | null | undefined) {
  const line = imageUrl ? 'var(--mantine-color-gray-5)' : 'var(--mantine-color-gray-2)';
  const lines = [`linear-gradient(to right, ${line} 1px, transparent 1px)`, `linear-gradient(to bottom, ${line} 1px, transparent 1px)`];
  const cell = `calc(100% / ${columns}) calc(100% / ${rows})`;
  if (!imageUrl) return { backgroundColor: 'var(--mantine-color-white)', backgroundImage: lines.join(', '), backgroundSize: cell };
  return {
    backgroundColor: 'var(--mantine-color-white)',
    backgroundImage: [...lines, 'linear-gradient(rgba(255, 255, 255, 0.62), rgba(255, 255, 255, 0.62))', `url("${encodeURI(imageUrl)}")`].join(', '),
    backgroundSize: `${cell}, ${cell}, 100% 100%, 100% 100%`,
    backgroundRepeat: 'repeat, repeat, no-repeat, no-repeat',
  };
}

/** The hall's grid (over its floor plan, if any): booths as buttons on their cells; a click on an empty cell offers a booth there. */
export function HallPlan(props: { hall: string; columns: number; rows: number; booths: TBooth[]; selectedId: string | null; onSelect: (b: TBooth) => void; onEmptyCell: ((x: number, y: number) => void) | null; imageUrl?: string | null }) {
  const { t } = useTranslation();
  const { columns, rows } = props;
  const onBackground = (e: MouseEvent<HTMLDivElement>) => {
    if (!props.onEmptyCell || e.target !== e.currentTarget) return;
    const r = e.currentTarget.getBoundingClientRect();
    const x = Math.min(columns - 1, Math.floor(((e.clientX - r.left) / r.width) * columns));
    const y = Math.min(rows - 1, Math.floor(((e.clientY - r.top) / r.height) * rows));
    props.onEmptyCell(x, y);
  };
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Box
        role="group"
        aria-label={t('exhibition.booths.plan', { hall: props.hall })}
        data-testid="hall-plan"
        data-floor-plan={props.imageUrl ? 'yes' : 'no'}
        onClick={onBackground}
        style={{
          minWidth: 560,
          display: 'grid',
          gridTemplateColumns: `repeat(${columns}, 1fr)`,
          gridTemplateRows: `repeat(${rows}, 1fr)`,
          aspectRatio: `${columns} / ${rows}`,
          ...planBackground(columns, rows, props.imageUrl),
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 4,
          cursor: props.onEmptyCell ? 'copy' : 'default',
        }}
      >
        {props.booths.map((b) => {
          const isSelected = b.id === props.selectedId;
          return (
            <UnstyledButton
              key={b.id}
              onClick={() => props.onSelect(b)}
              aria-label={b.company ? t('exhibition.booths.boothHeld', { number: b.number, name: b.company.name, size: b.sizeSqm }) : t('exhibition.booths.boothFree', { number: b.number, size: b.sizeSqm })}
              aria-pressed={isSelected}
              data-testid={`booth-${b.number}`}
              style={{
                gridColumn: `${b.x + 1} / span ${b.w}`,
                gridRow: `${b.y + 1} / span ${b.h}`,
                background: b.company ? HELD : FREE,
                border: `${isSelected ? 3 : 1}px solid ${isSelected ? 'var(--mantine-color-blue-8)' : b.company ? HELD_BORDER : FREE_BORDER}`,
                borderRadius: 3,
                padding: 2,
                overflow: 'hidden',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                textAlign: 'center',
                lineHeight: 1.1,
                cursor: 'pointer',
              }}
            >
              <Text fw={700} size="xs" c="gray.9">
                {b.number}
              </Text>
              {/* A space between the two lines, so that the button's text reads "B12 Orbit Robotics", as its name does. */}
              {b.company && b.h > 1 && ' '}
              {b.company && b.h > 1 && (
                <Text size="10px" c="gray.8" lineClamp={1}>
                  {b.company.name}
                </Text>
              )}
            </UnstyledButton>
          );
        })}
      </Box>
    </Box>
  );
}

