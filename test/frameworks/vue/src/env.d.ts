/// <reference types="t3-composer/types/vue" />
