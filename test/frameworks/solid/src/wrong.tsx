import type {} from 't3-composer/types/solid';

export const wrong = <t3-composer prop:providers={42} />;
