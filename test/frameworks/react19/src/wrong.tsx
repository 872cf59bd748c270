import 't3-composer/types/react';

// A number is not a list of providers, and a submission's detail has no `nope`.
export const wrongProperty = <t3-composer providers={42} />;
export const wrongDetail = <t3-composer ont3-submit={(event) => event.detail.nope()} />;
