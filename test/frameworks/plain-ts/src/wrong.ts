import 't3-composer/define';

// A number is not a list of providers, and a submission's detail has no `nope`.
document.createElement('t3-composer').providers = 42;
document.createElement('t3-composer').addEventListener('t3-submit', (event) => event.detail.nope());
