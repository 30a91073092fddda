// jsdom setup: unmount React trees between tests.
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Lazy routes load their modules on first render: allow for a cold, busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => cleanup());
