import {
  type Announcements,
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import ui from '../../../components/console-form/console-form.module.css';
import { useTranslation } from '../../../lib/texts/use-texts.tsx';
import styles from './menu-editor.module.css';

/**
 * One list that can be reordered by drag and drop (@dnd-kit: pointer, and keyboard — Space picks up, the
 * arrows move, Space drops, Escape cancels), announced in the console's language. A drop sends the same
 * reorder call as the Move up/down buttons.
 */
export function SortableList({
  ids,
  nameOf,
  onMove,
  children,
}: {
  ids: string[];
  nameOf: (id: string) => string;
  onMove: (id: string, to: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('menu-editor');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const place = (id: string | number | undefined) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag_picked', { name: nameOf(String(active.id)) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('drag_over', { name: nameOf(String(active.id)), position: place(over.id), count: ids.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('drag_dropped', { name: nameOf(String(active.id)), position: place(over.id), count: ids.length })
        : t('drag_cancelled', { name: nameOf(String(active.id)) }),
    onDragCancel: ({ active }) => t('drag_cancelled', { name: nameOf(String(active.id)) }),
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('drag_instructions') } }}
      onDragEnd={({ active, over }) => {
        if (over && active.id !== over.id) onMove(String(active.id), ids.indexOf(String(over.id)));
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A list item that moves while dragged; its handle is a button named after what it moves. */
export function SortableItem({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('menu-editor');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className={className}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={`${ui.button} ${styles.handle}`}
        {...attributes}
        {...listeners}
      >
        <span aria-hidden="true">⠿</span>
        <span className={ui.visuallyHidden}>
          {t('drag')} {label}
        </span>
      </button>
      {children}
    </li>
  );
}
