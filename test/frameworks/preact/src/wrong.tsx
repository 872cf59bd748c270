import type {} from 't3-composer/types/preact';

export const wrong = <t3-composer providers={42} />;
