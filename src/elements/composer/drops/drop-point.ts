import { StateEffect, StateField } from '@codemirror/state';

/** A drop waiting for the host's resolver: where it landed, by the number that names it. */
export const holdDropPoint = StateEffect.define<{ id: number; position: number }>({
  map: ({ id, position }, mapping) => ({ id, position: mapping.mapPos(position) }),
});

export const releaseDropPoint = StateEffect.define<number>();

/**
 * Where pending drops will land, kept in the draft's state so the points move with what is typed
 * meanwhile. A replaced draft starts without them: a drop answered after that is dropped with it.
 */
export const dropPointsField = StateField.define<ReadonlyMap<number, number>>({
  create: () => new Map(),
  update(points, transaction) {
    let next = points;
    if (transaction.docChanged && points.size > 0)
      next = new Map([...points].map(([id, position]) => [id, transaction.changes.mapPos(position)]));
    for (const effect of transaction.effects) {
      if (effect.is(holdDropPoint)) next = new Map(next).set(effect.value.id, effect.value.position);
      else if (effect.is(releaseDropPoint) && next.has(effect.value)) {
        const rest = new Map(next);
        rest.delete(effect.value);
        next = rest;
      }
    }
    return next;
  },
});
