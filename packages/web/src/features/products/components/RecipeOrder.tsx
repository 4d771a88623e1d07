/**
 * The product's recipes in order: drag a row by its handle, or focus the handle and use Space, the arrow keys and
 * Space again (dnd-kit's keyboard sensor, announced to screen readers), or the Up and Down buttons.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Recipe } from '../../../lib/api';

interface RecipeOrderProps {
  ids: string[];
  recipes: Map<string, Recipe>;
  onChange: (ids: string[]) => void;
}

export function RecipeOrder({ ids, recipes, onChange }: RecipeOrderProps) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const title = (id: string) => recipes.get(id)?.title ?? 'Loading…';
  const move = (from: number, to: number) => onChange(arrayMove(ids, from, to));
  const dropped = ({ active, over }: DragEndEvent) => {
    if (over === null || active.id === over.id) return;
    move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  if (ids.length === 0) return <p className="muted">No recipes yet: add some from your library.</p>;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        screenReaderInstructions: { draggable: 'To move a recipe, press Space, then the up and down arrows, then Space again to drop it, or Escape to cancel.' },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${title(String(active.id))}.`,
          onDragOver: ({ active, over }) => (over === null ? '' : `${title(String(active.id))} is now at position ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.`),
          onDragEnd: ({ active, over }) => (over === null ? `${title(String(active.id))} dropped.` : `${title(String(active.id))} dropped at position ${ids.indexOf(String(over.id)) + 1} of ${ids.length}.`),
          onDragCancel: ({ active }) => `Moving ${title(String(active.id))} was cancelled.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="recipe-order">
          {ids.map((id, index) => (
            <SortableRow key={id} id={id} index={index} count={ids.length} title={title(id)} recipe={recipes.get(id)} onMove={move} onRemove={() => onChange(ids.filter((other) => other !== id))} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

interface RowProps {
  id: string;
  index: number;
  count: number;
  title: string;
  recipe: Recipe | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

function SortableRow({ id, index, count, title, recipe, onMove, onRemove }: RowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const thumbnail = recipe?.photo?.variants.find((variant) => variant.format === 'webp') ?? recipe?.photo?.variants[0];
  return (
    <li ref={setNodeRef} className={`recipe-order__row${isDragging ? ' is-dragging' : ''}`} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <button type="button" ref={setActivatorNodeRef} className="drag-handle" {...attributes} {...listeners} aria-label={`Move ${title} (position ${index + 1} of ${count})`}>
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="recipe-order__number" aria-hidden="true">
        {index + 1}
      </span>
      {thumbnail === undefined ? <span className="recipe-order__thumb recipe-order__thumb--empty" aria-hidden="true" /> : <img className="recipe-order__thumb" src={thumbnail.url} alt="" width={48} height={36} />}
      <span className="recipe-order__title">
        {title}
        {recipe?.status === 'archived' ? <span className="badge badge--archived">Archived</span> : null}
      </span>
      <span className="recipe-order__buttons">
        <button type="button" className="button button--small button--quiet" disabled={index === 0} onClick={() => onMove(index, index - 1)}>
          Up<span className="visually-hidden">: move {title} up</span>
        </button>
        <button type="button" className="button button--small button--quiet" disabled={index === count - 1} onClick={() => onMove(index, index + 1)}>
          Down<span className="visually-hidden">: move {title} down</span>
        </button>
        <button type="button" className="button button--small button--quiet" onClick={onRemove}>
          Remove<span className="visually-hidden"> {title}</span>
        </button>
      </span>
    </li>
  );
}
