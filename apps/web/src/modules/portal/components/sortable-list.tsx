import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group, Stack } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Row(props: { id: string; label: string; index: number; count: number; isDisabled: boolean; onMove: (from: number, to: number) => void; children: (handle: ReactNode) => ReactNode }) {
  const { id, label, index, count, isDisabled, children } = props;
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: isDisabled });
  const handle = (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray.8"
      size="lg"
      aria-label={t('portal.org.dragHandle', { name: label })}
      disabled={isDisabled}
      style={{ cursor: isDisabled ? undefined : 'grab', touchAction: 'none' }}
      data-testid={`drag-${id}`}
      {...attributes}
      {...listeners}
    >
      <IconGripVertical size={18} aria-hidden />
    </ActionIcon>
  );
  // Buttons as well as the keyboard drag: one press moves one place, on any device.
  const arrows = (
    <Stack gap={0}>
      <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label={t('portal.org.moveUp', { name: label })} disabled={isDisabled || index === 0} onClick={() => props.onMove(index, index - 1)}>
        <IconChevronUp size={14} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray.8" size="sm" aria-label={t('portal.org.moveDown', { name: label })} disabled={isDisabled || index === count - 1} onClick={() => props.onMove(index, index + 1)}>
        <IconChevronDown size={14} aria-hidden />
      </ActionIcon>
    </Stack>
  );
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : 1 }} data-id={id}>
      {children(
        <Group gap={2} wrap="nowrap">
          {handle}
          {arrows}
        </Group>,
      )}
    </li>
  );
}

/**
 * A list reordered by drag and drop, by keyboard (focus a handle, Space to lift, arrows to move, Space to drop,
 * Escape to cancel; dnd-kit's screen-reader announcements in the page's words), or with each row's up and down buttons.
 */
export function SortableList<T>(props: { items: readonly T[]; idOf: (item: T) => string; labelOf: (item: T) => string; isDisabled?: boolean; onMove: (from: number, to: number) => void; children: (item: T, handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const ids = props.items.map(props.idOf);
  const label = (id: string | number) => {
    const item = props.items.find((i) => props.idOf(i) === String(id));
    return item ? props.labelOf(item) : String(id);
  };
  const position = (id: string | number | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + 1);
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('portal.org.dragLive.start', { name: label(active.id) }),
    onDragOver: ({ active, over }) => t('portal.org.dragLive.over', { name: label(active.id), position: position(over?.id) }),
    onDragEnd: ({ active, over }) => t('portal.org.dragLive.end', { name: label(active.id), position: position(over?.id) }),
    onDragCancel: ({ active }) => t('portal.org.dragLive.cancel', { name: label(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    props.onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements }}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.items.map((item, index) => (
            <Row key={props.idOf(item)} id={props.idOf(item)} label={props.labelOf(item)} index={index} count={props.items.length} isDisabled={!!props.isDisabled} onMove={props.onMove}>
              {(handle) => props.children(item, handle)}
            </Row>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
