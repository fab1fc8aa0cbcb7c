import { z } from 'zod';

/**
 * zod 4 compiles object parsers with `new Function` when eval is allowed, and probes for that by
 * calling it. Under the SPA's Content-Security-Policy (no 'unsafe-eval') the probe is reported as
 * a CSP violation, so the shop runs zod without the JIT everywhere. The schemas here are small;
 * the interpreted parser is fast enough. Every common module that builds schemas imports this.
 */
z.config({ jitless: true });

export { z };
