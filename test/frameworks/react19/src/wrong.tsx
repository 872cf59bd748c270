import type {} from 't3-composer/types/react';

export const wrong = <t3-composer providers={42} />;
