import { T3Composer } from 't3-composer/react';

export const wrong = <T3Composer providers={42} />;
