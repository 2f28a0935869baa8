import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Stack } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function Row({ id, label, isDisabled, children }: { id: string; label: string; isDisabled: boolean; children: (handle: ReactNode) => ReactNode }) {
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
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition, position: 'relative', zIndex: isDragging ? 2 : undefined, opacity: isDragging ? 0.85 : 1 }} data-id={id}>
      {children(handle)}
    </li>
  );
}

/**
 * A list reordered by drag and drop or by keyboard (focus a handle, Space to lift, arrows to move, Space to drop,
 * Escape to cancel), with dnd-kit's screen-reader announcements in the page's words.
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
          {props.items.map((item) => (
            <Row key={props.idOf(item)} id={props.idOf(item)} label={props.labelOf(item)} isDisabled={!!props.isDisabled}>
              {(handle) => props.children(item, handle)}
            </Row>
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
