import { T3Composer } from 't3-composer/react';

// A number is not a list of providers, and a submission's detail has no `nope`.
export const wrongProperty = <T3Composer providers={42} />;
export const wrongDetail = <T3Composer onSubmit={(event) => event.detail.nope()} />;
