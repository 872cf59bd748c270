/**
 * Drags a queued entry by its handle, with a mouse, a pen or a finger: the entry follows the
 * pointer, and where it is let go (among the midpoints of the other entries) is its new index.
 * A cancelled pointer (a scroll took over, the window lost it) moves nothing.
 */
export function dragQueueEntry(event: PointerEvent, moveTo: (index: number) => void): void {
  const handle = event.currentTarget as HTMLElement;
  const entry = handle.closest('li');
  const list = entry?.parentElement;
  if (!entry || !list || !event.isPrimary || event.button !== 0) return;
  event.preventDefault();
  handle.setPointerCapture(event.pointerId);
  const startY = event.clientY;
  entry.classList.add('dragging');
  const follow = (move: PointerEvent) => entry.style.setProperty('translate', `0 ${move.clientY - startY}px`);
  const end = (last: PointerEvent) => {
    handle.removeEventListener('pointermove', follow);
    handle.removeEventListener('pointerup', end);
    handle.removeEventListener('pointercancel', end);
    entry.classList.remove('dragging');
    entry.style.removeProperty('translate');
    if (last.type === 'pointerup') moveTo(indexAt(list, entry, last.clientY));
  };
  handle.addEventListener('pointermove', follow);
  handle.addEventListener('pointerup', end);
  handle.addEventListener('pointercancel', end);
}

/** The index among the other entries that a point `y` falls at: one past each entry whose middle is above it. */
function indexAt(list: Element, dragged: Element, y: number): number {
  let index = 0;
  for (const other of list.children) {
    if (other === dragged) continue;
    const box = other.getBoundingClientRect();
    if (y > box.top + box.height / 2) index++;
  }
  return index;
}
