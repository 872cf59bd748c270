import 't3-composer/types/solid';

// A number is not a list of providers, and a submission's detail has no `nope`.
export const wrongProperty = <t3-composer prop:providers={42} />;
export const wrongDetail = <t3-composer on:t3-submit={(event) => event.detail.nope()} />;
