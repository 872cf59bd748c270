/// <reference types="svelte" />
/// <reference types="t3-composer/types/svelte" />
