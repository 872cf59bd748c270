import type { T3Composer } from '../../src/composer.js';

/**
 * The Follow-ups setting (SPEC §14): what Enter does while the assistant is answering. Queue (the
 * default) holds the message until the reply ends; Steer sends it into the reply at once. Kept per
 * browser; it sets the composer's `queue-mode`.
 */

export type FollowUps = 'queue' | 'steer';

const STORAGE_KEY = 't3-composer-demo:follow-ups';

function stored(): FollowUps {
  try {
    return localStorage.getItem(STORAGE_KEY) === 'steer' ? 'steer' : 'queue';
  } catch {
    return 'queue'; // storage refused (private mode, blocked cookies): the default
  }
}

function store(value: FollowUps): void {
  try {
    localStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Not kept past this page; the choice still holds here.
  }
}

export function setUpFollowUps(select: HTMLSelectElement, composer: T3Composer): void {
  const apply = (value: FollowUps) => {
    select.value = value;
    composer.setAttribute('queue-mode', value);
  };
  apply(stored());
  select.addEventListener('change', () => {
    const value: FollowUps = select.value === 'steer' ? 'steer' : 'queue';
    store(value);
    apply(value);
  });
}
