import 't3-composer/define';

document.createElement('t3-composer').providers = 42;
